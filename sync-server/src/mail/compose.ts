// Builds an e-mail in the recipient's language: plain text plus simple HTML, every value escaped
// (a name or a reason typed by someone could otherwise carry markup into another person's mail).
// Each area keeps its templates beside its routes and builds them with `composeMail`.
import type { Lang } from '@lfit/domain/messages/bilingual'
import { oneLine } from '@lfit/domain/users/names'
import type { MailMessage } from './outbox'

export interface MailContent {
  subject: string
  /** Paragraphs of plain text (values already filled in; escaping happens here). */
  paragraphs: readonly string[]
  /** One call to action, e.g. the set-password link. */
  link?: { url: string; label: string }
}

const SIGNATURE: Record<Lang, string> = {
  sl: 'Ekipa LFIT',
  en: 'The LFIT team',
}

/** The opening line of a message to a named person (or to nobody by name). */
const LOCALES: Record<Lang, string> = { sl: 'sl-SI', en: 'en-GB' }

/**
 * A date written out in full in Ljubljana ("sobota, 5. december 2026" / "Saturday, 5 December
 * 2026"): a mail never shows a bare number date, which readers of the two languages read apart.
 */
export function longDate(epoch: number, language: Lang): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Ljubljana',
  }).format(epoch)
}

/** "Hello Ana,": the name as one line, even one stored before names were checked (docs/0030). */
export function greeting(stored: string): Record<Lang, string> {
  const firstName = oneLine(stored)
  return {
    sl: firstName ? `Pozdravljeni, ${firstName}!` : 'Pozdravljeni!',
    en: firstName ? `Hello ${firstName},` : 'Hello,',
  }
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** A message of `kind` to `to`, in `language`, from the content of each language. */
export function composeMail(
  kind: string,
  to: string,
  language: Lang,
  content: Record<Lang, MailContent>,
): MailMessage {
  const chosen = content[language]
  const text = [
    ...chosen.paragraphs,
    ...(chosen.link ? [`${chosen.link.label}:\n${chosen.link.url}`] : []),
    SIGNATURE[language],
  ].join('\n\n')
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">`,
    ...chosen.paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
    ...(chosen.link
      ? [`<p><a href="${escapeHtml(chosen.link.url)}">${escapeHtml(chosen.link.label)}</a></p>`]
      : []),
    `<p>${escapeHtml(SIGNATURE[language])}</p>`,
    '</body></html>',
  ].join('\n')
  return { kind, to, language, subject: chosen.subject, text: `${text}\n`, html }
}
