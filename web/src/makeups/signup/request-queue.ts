// Make-up sign-ups and cancellations made on this device, queued until the server decides them
// (docs/product-rules.md#signing-up-on-a-device). Sign-ups are the server's to decide, so they
// are not a synced collection: each is a request with its own id, sent in the order it was made,
// which the server answers once however often it arrives. Until then the screen shows it as
// waiting for the server; afterwards as the server decided it (a place, the waitlist with its
// position, or refused with the server's reason), until the person dismisses it.
import Dexie, { type EntityTable } from 'dexie'
import { z } from 'zod'
import { SIGNUP_STATUSES } from '@lfit/domain/makeups/signups'
import type { Bilingual } from '@lfit/domain/messages/bilingual'
import { ApiError, type ApiClient } from '../../api/client'

export type MakeupRequestKind = 'signUp' | 'cancel'
export type MakeupRequestState = 'waiting' | 'confirmed' | 'waitlisted' | 'cancelled' | 'refused'

export interface MakeupRequest {
  seq?: number
  /** The client's id of the request: the server answers a repeat with its first answer. */
  requestId: string
  kind: MakeupRequestKind
  sessionId: string
  /** Whom the sign-up is for. */
  participant: string
  /** Who made the request; only their session sends it. */
  user: string
  /** Device clock when it was made. */
  madeAt: number
  state: MakeupRequestState
  /** On the waitlist: 1 for the next in line. */
  position?: number
  /** Why the server refused it, in both languages. */
  reason?: Bilingual
  decidedAt?: number
}

/** Decided requests are shown until dismissed, and forgotten after this long anyway. */
export const DECIDED_KEPT_MS = 14 * 24 * 3_600_000

export class MakeupRequestDatabase extends Dexie {
  requests!: EntityTable<MakeupRequest, 'seq'>

  constructor(
    name = 'lfit-makeup-requests',
    options: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange } = {},
  ) {
    // As the outbox: a request is on disk before the screen shows it as made.
    super(name, { ...options, chromeTransactionDurability: 'strict' })
    this.version(1).stores({ requests: '++seq, &requestId, user, participant, state' })
  }
}

const signupAnswerSchema = z.object({
  signup: z.object({
    sessionId: z.string(),
    participant: z.string(),
    status: z.enum(SIGNUP_STATUSES),
    position: z.number().int().min(1).optional(),
  }),
})

/**
 * Queues a sign-up or a cancellation. Asking again for what is already waiting adds nothing;
 * cancelling a sign-up that is still waiting takes it back off the device (the server never
 * heard of it), and the other way round.
 */
export async function requestChange(
  db: MakeupRequestDatabase,
  change: Pick<MakeupRequest, 'kind' | 'sessionId' | 'participant' | 'user'>,
  deps: { now: () => number; newId: () => string },
): Promise<MakeupRequest | null> {
  return db.transaction('rw', db.requests, async () => {
    const waiting = (await db.requests.where('participant').equals(change.participant).toArray())
      .filter((r) => r.state === 'waiting' && r.sessionId === change.sessionId)
      .at(-1)
    if (waiting?.kind === change.kind) return waiting
    if (waiting) {
      await db.requests.delete(waiting.seq as number)
      return null
    }
    const request: MakeupRequest = {
      ...change,
      requestId: deps.newId(),
      madeAt: deps.now(),
      state: 'waiting',
    }
    request.seq = await db.requests.add(request)
    return request
  })
}

type Outcome =
  | { decided: Pick<MakeupRequest, 'state' | 'position' | 'reason'> }
  /** Not now (offline, signed out, the server busy): the request and those after it wait. */
  | { later: true }

const GENERIC_REFUSAL: Bilingual = {
  sl: 'Strežnik zahteve ni sprejel',
  en: 'The server did not accept the request',
}

/** What a failed send means for the request: try again later, or the server's refusal. */
export function outcomeOfFailure(error: unknown): Outcome {
  if (!(error instanceof ApiError)) return { later: true }
  const { status, code } = error
  // Offline, signed out, too many requests, a server fault, a decision still being taken.
  if (status === 0 || status === 401 || status === 429 || status >= 500 || code === 'conflict') {
    return { later: true }
  }
  if (status >= 400) {
    return { decided: { state: 'refused', reason: error.bilingual ?? GENERIC_REFUSAL } }
  }
  return { later: true }
}

async function sendOne(client: ApiClient, request: MakeupRequest): Promise<Outcome> {
  const path = request.kind === 'signUp' ? '/api/makeups/signUp' : '/api/makeups/cancelSignup'
  const body = {
    sessionId: request.sessionId,
    requestId: request.requestId,
    // Named only when acting for someone else: a participant's own request names nobody.
    ...(request.participant === request.user ? {} : { participant: request.participant }),
  }
  try {
    // 'sync': the decision shows on the request itself, not in the snackbar.
    const { signup } = await client.action(path, body, signupAnswerSchema, 'write', 'sync')
    return { decided: { state: signup.status, position: signup.position } }
  } catch (error) {
    return outcomeOfFailure(error)
  }
}

/**
 * Sends `user`'s waiting requests in the order they were made and records each decision; stops
 * at the first that cannot be sent now, so a later request never overtakes an earlier one.
 * `beforeRecording` runs once the server has decided some (it fetches the make-up book again),
 * so the screen goes from "waiting" straight to what the server holds. Answers how many were
 * decided.
 */
export async function sendWaiting(
  db: MakeupRequestDatabase,
  client: ApiClient,
  user: string,
  now: () => number,
  beforeRecording: () => Promise<unknown> = async () => undefined,
): Promise<number> {
  const waiting = (await db.requests.where('user').equals(user).sortBy('seq')).filter(
    (request) => request.state === 'waiting',
  )
  const decisions: {
    seq: number
    decided: Pick<MakeupRequest, 'state' | 'position' | 'reason'>
  }[] = []
  for (const request of waiting) {
    const outcome = await sendOne(client, request)
    if ('later' in outcome) break
    decisions.push({ seq: request.seq as number, decided: outcome.decided })
  }
  if (decisions.length === 0) return 0
  // A book that cannot be fetched now does not keep the decisions from being shown.
  await beforeRecording().catch(() => undefined)
  const decidedAt = now()
  await db.transaction('rw', db.requests, async () => {
    for (const { seq, decided } of decisions) {
      // Taken back while on its way: the server may have decided it all the same, which the
      // make-up book shows.
      if (await db.requests.get(seq)) await db.requests.update(seq, { ...decided, decidedAt })
    }
  })
  return decisions.length
}

/** The person has read the decision. */
export async function dismissRequest(db: MakeupRequestDatabase, seq: number): Promise<void> {
  await db.requests.delete(seq)
}

/** Forgets decisions older than DECIDED_KEPT_MS; waiting requests are never dropped. */
export async function forgetOldDecisions(db: MakeupRequestDatabase, now: number): Promise<void> {
  await db.requests
    .filter((r) => r.state !== 'waiting' && (r.decidedAt ?? 0) < now - DECIDED_KEPT_MS)
    .delete()
}

/** The requests shown for one participant: the latest per session, waiting or decided. */
export function latestBySession(requests: readonly MakeupRequest[]): Map<string, MakeupRequest> {
  const latest = new Map<string, MakeupRequest>()
  for (const request of requests.toSorted((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    latest.set(request.sessionId, request)
  }
  return latest
}
