// The two ways a queued message leaves the server: SMTP (nodemailer) when SMTP_URL is set, and
// otherwise a file per message, `DATA_DIR/mail/*.eml`, so a fresh clone or a test run sends
// nothing to the internet and a developer (or an e2e test) can open what would have been sent.
// Both build the message with nodemailer's MIME composer: text and HTML parts, UTF-8 headers
// encoded as RFC 2047 words (Slovenian subjects), the kind in `X-LFIT-Kind`, and
// `Auto-Submitted: auto-generated` (RFC 3834): every message is the server's own, so auto-replies
// (out of office, vacation) are not sent back to the studio's address.
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createTransport } from 'nodemailer'
import type { Config } from '../config'
import type { MailMessage } from './outbox'

/** A message as the worker hands it to a transport. */
export interface OutgoingMail extends MailMessage {
  /** The outbox id: the Message-ID and the file name, so a repeated delivery is the same mail. */
  id: string
  /** When it is sent (the server's clock). */
  date: Date
}

export interface MailTransport {
  readonly name: 'smtp' | 'file'
  /** Resolves once the message is handed over; rejects when it was not (the worker retries). */
  deliver(mail: OutgoingMail): Promise<void>
  close(): void
}

/** The header carrying the message's kind (e2e/support/mail.ts finds messages by it). */
export const KIND_HEADER = 'X-LFIT-Kind'

/** An SMTP server that does not answer is given up on well within the worker's lease. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 }

/** nodemailer's message fields for `mail` sent from `from`. */
function envelopeOf(mail: OutgoingMail, from: string) {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    date: mail.date,
    messageId: `<${mail.id}@${domain}>`,
    headers: {
      [KIND_HEADER]: mail.kind,
      'Content-Language': mail.language,
      'Auto-Submitted': 'auto-generated',
    },
  }
}

/** Delivers over SMTP to the server of `url` (smtp:// or smtps://, credentials in the URL). */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = createTransport({ url, ...SMTP_TIMEOUTS })
  return {
    name: 'smtp',
    async deliver(mail) {
      await transporter.sendMail(envelopeOf(mail, from))
    },
    close: () => transporter.close(),
  }
}

/** A name safe in any file system: the kind's letters and the outbox id's. */
const safe = (value: string) => value.replace(/[^A-Za-z0-9-]/g, '_').slice(0, 64)

/** Writes each message as `<dir>/<time>-<kind>-<id>.eml` (RFC 5322 with CRLF line ends). */
export function fileTransport(dir: string, from: string): MailTransport {
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
  return {
    name: 'file',
    async deliver(mail) {
      const info = await composer.sendMail(envelopeOf(mail, from))
      const stamp = mail.date.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '')
      const name = `${stamp}-${safe(mail.kind)}-${safe(mail.id)}.eml`
      await mkdir(dir, { recursive: true })
      // Written aside and renamed, so whoever watches the directory never reads half a message.
      const partial = join(dir, `.${name}.partial`)
      await writeFile(partial, info.message as Buffer)
      await rename(partial, join(dir, name))
    },
    close: () => composer.close(),
  }
}

/** The directory the file transport writes to. */
export const mailDir = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'mail')

/** SMTP when the configuration names a server, otherwise files under DATA_DIR/mail. */
export function transportFor(config: Pick<Config, 'dataDir' | 'mail'>): MailTransport {
  const { smtpUrl, from } = config.mail
  return smtpUrl ? smtpTransport(smtpUrl, from) : fileTransport(mailDir(config), from)
}
