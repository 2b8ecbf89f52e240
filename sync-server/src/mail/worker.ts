// Delivers the queued messages of the outbox (outbox.ts) through a transport (transports.ts).
// A message is claimed with one conditional update (queued and due, or claimed by a worker whose
// lease has run out), so two server processes on one database never send the same message
// twice, and a message claimed by a process that died is picked up again after the lease. A
// failed send is tried again later with exponential backoff and, after the last attempt, marked
// failed; nothing here touches the change that queued the message. Delivered or given up, the
// message's text and HTML are removed from the store: they may carry a single-use link.
// docs/0009-mail-queue-and-transports.md.
import { randomUUID } from 'node:crypto'
import type { Log } from '../http/log'
import type { Doc, Query, Store } from '../store/port'
import { MAIL_OUTBOX, type MailMessage, type MailStatus } from './outbox'
import type { MailTransport } from './transports'

export interface RetryPolicy {
  /** A claimed message is someone else's to take after this (longer than any SMTP timeout). */
  leaseMs: number
  /** Wait before the second attempt; each further wait doubles it... */
  firstRetryMs: number
  /** ...up to this. */
  maxRetryMs: number
  /** After this many attempts the message is marked failed. */
  maxAttempts: number
}

/** 1, 2, 4 … 60 minutes: ten attempts span about four hours of a mail server being away. */
export const DEFAULT_RETRY: RetryPolicy = {
  leaseMs: 5 * 60_000,
  firstRetryMs: 60_000,
  maxRetryMs: 60 * 60_000,
  maxAttempts: 10,
}

/** Messages claimed per look at the outbox; the next look finds the rest. */
const BATCH = 50

export interface MailWorkerDeps {
  /** The database whose outbox is delivered (the default one, where users live). */
  store: () => Promise<Store>
  clock: () => number
  transport: MailTransport
  log: Log
  retry?: Partial<RetryPolicy>
}

/** The wait after failed attempt number `attempt` (1-based). */
export function retryDelay(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.firstRetryMs * 2 ** Math.max(0, attempt - 1), policy.maxRetryMs)
}

/** What of a transport's error may be logged: its code, never its text (it may quote an address). */
function errorCode(error: unknown): string {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown }
  if (typeof responseCode === 'number') return `smtp ${responseCode}`
  if (typeof code === 'string' && /^[A-Z_]{2,40}$/.test(code)) return code
  return 'error'
}

const BODY_REMOVED = { text: '', html: '', leaseUntil: '', claim: '' }

export class MailWorker {
  private readonly retry: RetryPolicy
  private indexed: Promise<void> | undefined
  private running: Promise<number> | undefined
  private again = false
  private timer: ReturnType<typeof setInterval> | undefined
  private stopped = false

  constructor(private readonly deps: MailWorkerDeps) {
    this.retry = { ...DEFAULT_RETRY, ...deps.retry }
  }

  /**
   * Delivers every message due now, one after another; answers how many were tried. Tests call
   * it with their clock; the running server calls it through `nudge` and its tick.
   */
  async deliverDue(): Promise<number> {
    const outbox = await this.outbox()
    let tried = 0
    for (;;) {
      if (this.stopped) return tried
      const now = this.deps.clock()
      const due = await outbox.find(this.dueQuery(now), {
        sort: { dueAt: 1 },
        limit: BATCH,
        projection: { _id: 1 },
      })
      if (due.length === 0) return tried
      let claimedAny = false
      for (const { _id } of due) {
        if (this.stopped) return tried
        const claimed = await this.claim(_id)
        if (claimed) {
          claimedAny = true
          await this.deliver(claimed)
          tried += 1
        }
      }
      // Another worker took them all: the rest is its work.
      if (!claimedAny) return tried
    }
  }

  /** Delivers soon (a message was just queued); a run in progress looks again when it ends. */
  nudge(): void {
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    this.running = this.deliverDue()
      .catch((error: unknown) => {
        this.deps.log.error('mail delivery stopped', { error: errorCode(error) })
        return 0
      })
      .finally(() => {
        this.running = undefined
        if (this.again) {
          this.again = false
          this.nudge()
        }
      })
  }

  /** Looks at the outbox every `tickMs` (retries fall due; messages queued by another process). */
  start(tickMs: number): void {
    this.timer = setInterval(() => this.nudge(), tickMs)
    this.timer.unref()
    this.nudge()
  }

  /** Stops after the message being sent (if any) and closes the transport. */
  async stop(): Promise<void> {
    this.stopped = true
    clearInterval(this.timer)
    await this.running
    this.deps.transport.close()
  }

  private async outbox() {
    const outbox = (await this.deps.store()).collection(MAIL_OUTBOX)
    // Once per worker; after a failure (the database away) the next run tries again.
    this.indexed ??= outbox.ensureIndex({ key: { status: 1, dueAt: 1 } }).catch((error) => {
      this.indexed = undefined
      throw error
    })
    await this.indexed
    return outbox
  }

  /** Queued and due (a message queued before `dueAt` existed is due), or its lease ran out. */
  private dueQuery(now: number): Query {
    return {
      $or: [
        { status: 'queued', dueAt: { $lte: now } },
        { status: 'queued', dueAt: { $exists: false } },
        { status: 'sending', leaseUntil: { $lte: now } },
      ],
    }
  }

  /** Takes the message if it is still due: one conditional update, so only one worker wins. */
  private async claim(id: unknown): Promise<Doc | null> {
    const now = this.deps.clock()
    const sending: MailStatus = 'sending'
    const outbox = await this.outbox()
    return outbox.findOneAndUpdate(
      { _id: id, ...this.dueQuery(now) },
      {
        $set: { status: sending, leaseUntil: now + this.retry.leaseMs, claim: randomUUID() },
        $inc: { attempts: 1 },
      },
      { returnDocument: 'after' },
    )
  }

  private async deliver(doc: Doc): Promise<void> {
    const message = doc as unknown as MailMessage & { attempts: number; claim: string }
    const { kind, attempts } = message
    const transport = this.deps.transport
    let failure: unknown
    let delivered = false
    try {
      await transport.deliver({
        kind,
        to: message.to,
        language: message.language,
        subject: message.subject,
        text: message.text,
        html: message.html,
        id: String(doc._id),
        date: new Date(this.deps.clock()),
      })
      delivered = true
    } catch (error) {
      failure = error
    }
    const now = this.deps.clock()
    // Only while this worker's claim stands: after its lease another worker may own the message.
    const mine = { _id: doc._id, claim: message.claim }
    const outbox = await this.outbox()
    if (delivered) {
      const sent: MailStatus = 'sent'
      await outbox.upsert(
        mine,
        { $set: { status: sent, sentAt: now }, $unset: BODY_REMOVED },
        { upsert: false },
      )
      this.deps.log.info('mail sent', { kind, transport: transport.name, attempt: attempts })
      return
    }
    const error = errorCode(failure)
    if (attempts >= this.retry.maxAttempts) {
      const failed: MailStatus = 'failed'
      await outbox.upsert(
        mine,
        { $set: { status: failed, failedAt: now, error }, $unset: BODY_REMOVED },
        { upsert: false },
      )
      this.deps.log.error('mail given up', { kind, transport: transport.name, attempts, error })
      return
    }
    const wait = retryDelay(this.retry, attempts)
    const queued: MailStatus = 'queued'
    await outbox.upsert(
      mine,
      { $set: { status: queued, dueAt: now + wait, error }, $unset: { leaseUntil: '', claim: '' } },
      { upsert: false },
    )
    this.deps.log.warn('mail send failed, will retry', {
      kind,
      transport: transport.name,
      attempt: attempts,
      retryInMs: wait,
      error,
    })
  }
}
