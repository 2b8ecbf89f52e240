// The e-mails the server under test "sent": without SMTP_URL it writes each one as an .eml file
// to DATA_DIR/mail (sync-server/src/mail/transports.ts). A test waits for the message it expects
// and reads its subject, text, HTML and links, as the recipient would in their mail program.
import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { simpleParser, type AddressObject } from 'mailparser'
import { inject } from 'vitest'

export interface ReceivedMail {
  /** The .eml file. */
  file: string
  kind: string
  to: string[]
  subject: string
  text: string
  html: string
  /** Every http(s) URL in the plain text, in order (e.g. the set-password link). */
  links: string[]
}

export type MailFilter = {
  /** The recipient (case does not matter). */
  to: string
} & ({ kind?: string; subject?: never } | { subject?: string | RegExp; kind?: never })

/** The e2e server's DATA_DIR (e2e/global-setup.ts). */
export const e2eDataDir = () => join(inject('workDir'), 'data')

const POLL_MS = 100

const addresses = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) =>
    group.value.flatMap((entry) => (entry.address ? [entry.address.toLowerCase()] : [])),
  )

/** Reads one .eml file. */
export async function readMail(file: string): Promise<ReceivedMail> {
  const parsed = await simpleParser(await readFile(file))
  const text = parsed.text ?? ''
  const kind = parsed.headers.get('x-lfit-kind')
  return {
    file,
    kind: typeof kind === 'string' ? kind : '',
    to: addresses(parsed.to),
    subject: parsed.subject ?? '',
    text,
    html: typeof parsed.html === 'string' ? parsed.html : '',
    links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
  }
}

function matches(mail: ReceivedMail, filter: MailFilter): boolean {
  if (!mail.to.includes(filter.to.toLowerCase())) return false
  if (filter.kind !== undefined && mail.kind !== filter.kind) return false
  const { subject } = filter
  if (subject === undefined) return true
  return typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)
}

/** Every message in `dataDir`'s mail directory, oldest first. */
export async function allMail(dataDir: string = e2eDataDir()): Promise<ReceivedMail[]> {
  const dir = join(dataDir, 'mail')
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  const files = names.filter((name) => name.endsWith('.eml')).map((name) => join(dir, name))
  const written = await Promise.all(files.map(async (file) => (await stat(file)).mtimeMs))
  const order = files.map((file, at) => ({ file, at: written[at] ?? 0 }))
  order.sort((a, b) => a.at - b.at || a.file.localeCompare(b.file))
  return Promise.all(order.map(({ file }) => readMail(file)))
}

/**
 * Waits until a message matching `filter` is in `dataDir`/mail and answers the newest such one;
 * fails after `timeoutMs` naming what it waited for and the kinds it saw.
 */
export async function waitForMail(
  dataDir: string,
  filter: MailFilter,
  timeoutMs = 15_000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = (await allMail(dataDir)).filter((mail) => matches(mail, filter))
    const newest = found.at(-1)
    if (newest) return newest
    if (Date.now() > deadline) {
      const seen = (await allMail(dataDir)).map((mail) => mail.kind)
      throw new Error(
        `no e-mail ${JSON.stringify(filter)} within ${timeoutMs} ms (seen: ${seen.join(', ') || 'none'})`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}
