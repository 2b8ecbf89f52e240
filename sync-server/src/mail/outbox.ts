// The mail port: what the server has to tell someone by e-mail. `OutboxMailer` keeps each message
// in the internal `mailOutbox` collection (no policy entry, so the data API refuses it); the
// delivery worker (worker.ts) sends it from there once the change that caused it is stored, and
// retries a failed send later (docs/0009-mail-queue-and-transports.md). Only a message's kind is
// ever logged: an address or a text could identify someone or carry more than the log should.
import type { MailQueueStatus } from '@lfit/domain/dev-pages/wire'
import type { Lang } from '@lfit/domain/messages/bilingual'
import type { Store } from '../store/port'

export const MAIL_OUTBOX = 'mailOutbox'

export interface MailMessage {
  /** What the message is about (`welcome`, `registrationAttempt`): logs and tests see this. */
  kind: string
  to: string
  /** The recipient's language; the whole message is in it. */
  language: Lang
  subject: string
  /** Plain text. */
  text: string
  /** The same as simple HTML, every value escaped (compose.ts). */
  html: string
}

/**
 * Where a queued message is: `queued` (waiting for `dueAt`), `sending` (claimed by a worker until
 * `leaseUntil`), `sent`, or `failed` (given up after the last attempt).
 */
export type MailStatus = MailQueueStatus

export interface Mailer {
  send(message: MailMessage): Promise<void>
  /**
   * Queues `messages` in one write. Given `transaction`, a transaction of the outbox's own
   * database, they are part of it: stored with its commit or not at all, so the change that
   * caused them and its mails cannot be parted by a crash; the caller then says `committed`.
   */
  queue(messages: readonly MailMessage[], transaction?: Store): Promise<void>
  /** Told once a transaction that queued messages is stored: they are delivered at once. */
  committed(): void
}

/** Queues messages in the store's outbox; the delivery worker sends and marks them. */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly store: () => Promise<Store>,
    private readonly clock: () => number,
    /** Told after messages are queued, so the worker delivers them at once rather than at its tick. */
    private readonly queued: () => void = () => {},
  ) {}

  send(message: MailMessage): Promise<void> {
    return this.queue([message])
  }

  async queue(messages: readonly MailMessage[], transaction?: Store): Promise<void> {
    if (messages.length === 0) return
    const outbox = (transaction ?? (await this.store())).collection(MAIL_OUTBOX)
    const now = this.clock()
    const status: MailStatus = 'queued'
    await outbox.insert(
      messages.map((message) => ({ ...message, status, queuedAt: now, dueAt: now, attempts: 0 })),
    )
    // Inside a transaction nothing is stored yet: the worker is told at `committed`.
    if (!transaction) this.queued()
  }

  committed(): void {
    this.queued()
  }
}
