// Certificates on the server (docs/product-rules.md#certificates): the standing list an issuer
// picks from, issuing to the eligible (and refusing the rest, each with its reasons), re-issuing,
// revoking, and verifying a code. Eligibility and the figures come from the domain's
// `eligibilityFor` over `standingOf`, never a count of our own; the code from certificates/code.
import { randomBytes } from 'node:crypto'
import { checkCode, ID_BYTES, newCode, type CertificateMac } from '@lfit/domain/certificates/code'
import { eligibilityFor, type IneligibleReason } from '@lfit/domain/certificates/eligibility'
import {
  CERTIFICATES,
  certificateSchema,
  sameScope,
  type Certificate,
  type CertificateFigures,
  type CertificateScope,
} from '@lfit/domain/certificates/record'
import { attendanceFigures } from '@lfit/domain/attendance/figures'
import { COUNTED_ENROLMENTS, standingOf } from '@lfit/domain/makeups/standing'
import type { Lang } from '@lfit/domain/messages/bilingual'
import { localDayStr } from '@lfit/domain/schedule/time'
import type { UserDirectory } from '../auth/users'
import { ApiError } from '../http/errors'
import { ownInputs, standingInputs } from '../makeups/alerts'
import { ENROLMENTS } from '../people/enrolments'
import { freePlace, takePlace } from './holders'
import { DuplicateKeyError, type Doc, type Store } from '../store/port'

export type AttendanceScope = Extract<CertificateScope, { kind: 'year' | 'programme' }>

/** One person of the standing list. */
export interface StandingRow {
  person: string
  name: string
  /** Present and late days, and their share of the counted days (attendance/figures.ts). */
  attended: number
  percent: number | null
  missed: number
  madeUp: number
  outstanding: number
  late: number
  limit: number
  standing: 'onTrack' | 'atRisk' | 'overLimit'
  eligible: boolean
  reasons: IneligibleReason[]
  /** This scope's certificates of the person, newest first, revoked ones too. */
  certificates: Certificate[]
  /** What a certificate issued now would state; null when the person took no part. */
  figures: CertificateFigures | null
}

export interface IssueResult {
  issued: Certificate[]
  refused: { person: string; name: string; reasons: IneligibleReason[] }[]
}

const MAX_ROWS = 10_000
const text = (value: unknown) => (typeof value === 'string' ? value : '')

export function nameOf(user: Doc | undefined, fallback: string): string {
  const name = `${text(user?.firstName)} ${text(user?.lastName)}`.trim()
  return name || fallback
}

export function storedCertificates(docs: readonly Doc[]): Certificate[] {
  return docs
    .flatMap((doc) => {
      const parsed = certificateSchema.safeParse(doc)
      return parsed.success ? [parsed.data] : []
    })
    .toSorted((a, b) => b.issuedAt.localeCompare(a.issuedAt))
}

export class CertificateBook {
  constructor(
    private readonly deps: {
      stores: () => Promise<Store>
      users: UserDirectory
      clock: () => number
      mac: CertificateMac
    },
  ) {}

  /** Everyone who took part in the scope's years, with standing and eligibility. */
  async list(scope: AttendanceScope): Promise<StandingRow[]> {
    const store = await this.deps.stores()
    const query =
      scope.kind === 'year'
        ? { year: scope.year, status: { $in: [...COUNTED_ENROLMENTS] } }
        : { status: { $in: [...COUNTED_ENROLMENTS] } }
    const enrolled = await store.collection(ENROLMENTS).find(query, { limit: MAX_ROWS })
    const people = [...new Set(enrolled.map((e) => text(e.person)).filter(Boolean))]
    return this.rows(store, people, scope)
  }

  private async rows(
    store: Store,
    people: readonly string[],
    scope: AttendanceScope,
    ignoring?: string,
  ): Promise<StandingRow[]> {
    if (people.length === 0) return []
    const now = this.deps.clock()
    const [input, users, held] = await Promise.all([
      standingInputs(store, people, now),
      (await this.deps.users.collection(store)).find(
        { username: { $in: [...people] } },
        { limit: MAX_ROWS, projection: { username: 1, firstName: 1, lastName: 1 } },
      ),
      store.collection(CERTIFICATES).find({ person: { $in: [...people] } }, { limit: MAX_ROWS }),
    ])
    const byName = new Map(users.map((u) => [text(u.username), u]))
    // Each person gets only their own records and certificates, grouped once: handing everyone's
    // to each person made a year's list grow with its size squared.
    const inputOf = ownInputs(input, people)
    const certificatesOf = new Map<string, Certificate[]>()
    for (const certificate of storedCertificates(held)) {
      if (!sameScope(certificate.scope, scope)) continue
      const own = certificatesOf.get(certificate.person)
      if (own) own.push(certificate)
      else certificatesOf.set(certificate.person, [certificate])
    }
    return people
      .map((person) => {
        const standing = standingOf(inputOf(person))
        const own = certificatesOf.get(person) ?? []
        const result = eligibilityFor({
          standing,
          scope,
          today: localDayStr(now),
          certificates: own.filter((c) => c._id !== ignoring),
        })
        const figures =
          scope.kind === 'year'
            ? standing.years.find((y) => y.year === scope.year)
            : standing.overall
        const counted = figures ? attendanceFigures(figures) : null
        return {
          person,
          name: nameOf(byName.get(person), person),
          attended: counted?.attended ?? 0,
          percent: counted?.percent ?? null,
          missed: figures?.missed.length ?? 0,
          madeUp: figures?.madeUp.length ?? 0,
          outstanding: figures?.outstanding.length ?? 0,
          late: figures?.late.length ?? 0,
          limit: figures?.limit ?? 0,
          standing: scope.kind === 'year' ? (figures?.standing ?? 'onTrack') : standing.standing,
          eligible: result.eligible,
          reasons: result.eligible ? [] : result.reasons,
          certificates: own,
          figures: result.figures,
        }
      })
      .toSorted((a, b) => a.name.localeCompare(b.name, 'sl'))
  }

  /** Issues to each eligible person; the others are answered with their reasons. */
  async issue(
    scope: AttendanceScope,
    people: readonly string[],
    languages: readonly Lang[],
    issuer: string,
    ignoring?: string,
  ): Promise<IssueResult> {
    const store = await this.deps.stores()
    const rows = await this.rows(store, [...new Set(people)], scope, ignoring)
    const result: IssueResult = { issued: [], refused: [] }
    for (const row of rows) {
      if (!row.eligible || !row.figures) {
        result.refused.push({ person: row.person, name: row.name, reasons: row.reasons })
        continue
      }
      const certificate = await this.store(
        store,
        {
          person: row.person,
          name: row.name,
          scope,
          figures: row.figures,
          languages: [...languages],
          issuedBy: issuer,
        },
        ignoring,
      )
      if (certificate) result.issued.push(certificate)
      else
        result.refused.push({ person: row.person, name: row.name, reasons: ['alreadyCertified'] })
    }
    return result
  }

  /**
   * Stores a new valid certificate under a fresh random id (drawn again on a collision), or
   * answers null when another one for the person and scope took the place first: the check and
   * the insert are one step (holders.ts, docs/0033). `replacing` is the certificate a re-issue
   * replaces.
   */
  async store(
    store: Store,
    fields: Pick<Certificate, 'person' | 'name' | 'scope' | 'figures' | 'languages' | 'issuedBy'>,
    replacing?: string,
  ): Promise<Certificate | null> {
    const certificate = await this.insertNew(store, fields)
    if (await takePlace(store, certificate, replacing)) return certificate
    await store.collection(CERTIFICATES).deleteOne({ _id: certificate._id })
    return null
  }

  private async insertNew(
    store: Store,
    fields: Pick<Certificate, 'person' | 'name' | 'scope' | 'figures' | 'languages' | 'issuedBy'>,
  ): Promise<Certificate> {
    for (;;) {
      const { id, code } = newCode(new Uint8Array(randomBytes(ID_BYTES)), this.deps.mac)
      const certificate: Certificate = certificateSchema.parse({
        ...fields,
        _id: id,
        code,
        issuedAt: new Date(this.deps.clock()).toISOString(),
        status: 'valid',
      })
      try {
        await store.collection(CERTIFICATES).insert(certificate)
        return certificate
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error
      }
    }
  }

  async find(id: string): Promise<Certificate | null> {
    const doc = await (await this.deps.stores()).collection(CERTIFICATES).findById(id)
    return doc ? (storedCertificates([doc])[0] ?? null) : null
  }

  /** Revokes a valid certificate; only once (a second revoke is refused). */
  async revoke(id: string, reason: string, by: string, replacedBy?: string): Promise<Certificate> {
    const store = await this.deps.stores()
    const at = new Date(this.deps.clock()).toISOString()
    const result = await store.collection(CERTIFICATES).upsert(
      { _id: id, status: 'valid' },
      {
        $set: {
          status: 'revoked',
          revokedAt: at,
          revokedBy: by,
          revokeReason: reason,
          ...(replacedBy ? { replacedBy } : {}),
        },
      },
      { upsert: false },
    )
    const now = await this.find(id)
    if (!now) throw new ApiError('certificateNotFound')
    if (result.matched === 0) throw new ApiError('certificateAlreadyRevoked')
    await freePlace(store, now)
    return now
  }

  /**
   * A new certificate for the same person and scope with today's figures, the old one revoked as
   * replaced. An event certificate is copied as it was; an attendance one must still be earned.
   */
  async reissue(id: string, reason: string, by: string): Promise<IssueResult> {
    const old = await this.find(id)
    if (!old) throw new ApiError('certificateNotFound')
    if (old.status !== 'valid') throw new ApiError('certificateAlreadyRevoked')
    const store = await this.deps.stores()
    let result: IssueResult
    if (old.scope.kind === 'event') {
      const { person, name, scope, figures, languages } = old
      const fresh = await this.store(
        store,
        { person, name, scope, figures, languages, issuedBy: by },
        old._id,
      )
      result = fresh
        ? { issued: [fresh], refused: [] }
        : { issued: [], refused: [{ person, name, reasons: ['alreadyCertified'] }] }
    } else {
      result = await this.issue(old.scope, [old.person], old.languages, by, old._id)
    }
    const fresh = result.issued[0]
    if (fresh) await this.revoke(old._id, reason, by, fresh._id)
    return result
  }

  /** The certificate a typed code names, when the code is genuine; else null, whatever was wrong. */
  async verify(typed: string): Promise<Certificate | null> {
    const id = checkCode(typed, this.deps.mac)
    if (!id) return null
    return this.find(id)
  }

  async ofPerson(person: string): Promise<Certificate[]> {
    const docs = await (
      await this.deps.stores()
    )
      .collection(CERTIFICATES)
      .find({ person }, { limit: 1000 })
    return storedCertificates(docs)
  }
}
