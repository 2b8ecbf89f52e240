// Names are single-line text (docs/product-rules.md#users): a person's first and last name, an
// account name and the name on an event sign-up go into e-mails, lists, exports and
// certificates, where a line break or another control character would forge a line of its own
// (docs/0030-links-logins-and-answers.md).

/** C0 and C1 control characters (line feed, carriage return, tab, NEL …) and the Unicode line and paragraph separators. */
const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029]/u

/** Whether `text` is one line with no control character in it. */
export function isSingleLine(text: string): boolean {
  return !NOT_ONE_LINE.test(text)
}

/**
 * `text` on one line: each run of control characters and line separators becomes one space. For
 * a name stored before names were checked, on its way into an e-mail.
 */
export function oneLine(text: string): string {
  return text.replace(new RegExp(NOT_ONE_LINE.source, 'gu'), ' ').replace(/ {2,}/g, ' ').trim()
}
