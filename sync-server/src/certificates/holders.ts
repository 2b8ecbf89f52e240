// One valid certificate per person and scope, kept by the store, not by a read before the insert
// (docs/0033): two issues at once (two registrars, a double-click, two server instances) both
// passed the eligibility check and both inserted. Each valid certificate takes its place in
// `certificateHolders` under a key made of person and scope; the key is the document's `_id`, so
// the second insert fails on both stores. (A unique partial index on the certificates would say
// the same, but the embedded store and the port know no partial indexes.)
import {
  CERTIFICATES,
  type Certificate,
  type CertificateScope,
} from '@lfit/domain/certificates/record'
import { DuplicateKeyError, type Store } from '../store/port'

export const CERTIFICATE_HOLDERS = 'certificateHolders'

/** The place of a person's valid certificate of a scope (sameScope's notion of "same"). */
export function placeOf(person: string, scope: CertificateScope): string {
  const what =
    scope.kind === 'year'
      ? `year:${scope.year}`
      : scope.kind === 'event'
        ? `event:${scope.dayId}`
        : 'programme'
  return JSON.stringify([what, person])
}

/**
 * Makes `certificate` (already stored, valid) the holder of its place; `replacing` is the valid
 * certificate a re-issue replaces. Answers false when another valid certificate holds the place:
 * the caller removes its own, which nobody was told of yet. A place whose holder was revoked or
 * removed (a crash between a revoke and freeing its place) is taken over by compare-and-set.
 */
export async function takePlace(
  store: Store,
  certificate: Pick<Certificate, '_id' | 'person' | 'scope'>,
  replacing?: string,
): Promise<boolean> {
  const holders = store.collection(CERTIFICATE_HOLDERS)
  const _id = placeOf(certificate.person, certificate.scope)
  const take = (from: unknown) =>
    holders.upsert(
      { _id, certificate: from },
      { $set: { certificate: certificate._id } },
      { upsert: false },
    )
  if (replacing && (await take(replacing)).matched === 1) return true
  try {
    await holders.insert({ _id, certificate: certificate._id })
    return true
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error
  }
  const holder = await holders.findById(_id)
  if (!holder) return false
  const held = await store.collection(CERTIFICATES).findById(holder.certificate)
  if (held?.status === 'valid') return false
  return (await take(holder.certificate)).matched === 1
}

/** Frees the place a revoked certificate held (if it still holds it). */
export async function freePlace(
  store: Store,
  certificate: Pick<Certificate, '_id' | 'person' | 'scope'>,
): Promise<void> {
  await store.collection(CERTIFICATE_HOLDERS).deleteOne({
    _id: placeOf(certificate.person, certificate.scope),
    certificate: certificate._id,
  })
}
