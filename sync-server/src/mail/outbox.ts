// The mail port: what the server has to tell someone by e-mail. There is no delivery yet; the
// default adapter keeps each message in the internal `mailOutbox` collection (no policy entry,
// so the data API refuses it) for a later SMTP sender to deliver. Only a message's kind is ever
// logged: an address or a text could identify someone or carry more than the log should.
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

export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/** Queues messages in the store's outbox; a sender (a later issue) delivers and marks them. */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly store: () => Promise<Store>,
    private readonly clock: () => number,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const outbox = (await this.store()).collection(MAIL_OUTBOX)
    await outbox.insert({ ...message, status: 'queued', queuedAt: this.clock() })
  }
}
