// The one regular-expression dialect the data API accepts (docs/0003-bounded-queries.md): a
// literal search, `^` optionally in front, metacharacters escaped with a backslash, option `i`
// or none. Such a pattern runs in time linear in the searched text on JavaScript's RegExp (the
// embedded store) and on MongoDB's PCRE alike, with no native dependency; it covers what the
// app searches for (names by prefix or substring). Anything else is refused, not judged.
import { MAX_REGEX_LENGTH } from './limits'

/** Characters with a meaning in a pattern; each must be escaped to stand for itself. */
const METACHARACTERS = new Set([...'\\^$.|?*+()[]{}'])

/** Whether `pattern` is a literal search in the safe dialect. */
export function isLiteralPattern(pattern: unknown): pattern is string {
  if (typeof pattern !== 'string' || pattern.length > MAX_REGEX_LENGTH) return false
  const body = pattern.startsWith('^') ? pattern.slice(1) : pattern
  for (let at = 0; at < body.length; at++) {
    const char = body[at] as string
    if (char === '\\') {
      // Only an escaped metacharacter: `\d`, `\b`, `\1`, `\u…` are classes, anchors, references.
      const next = body[at + 1]
      if (next === undefined || !METACHARACTERS.has(next)) return false
      at++
    } else if (METACHARACTERS.has(char) || char < ' ') {
      return false
    }
  }
  return true
}

/** The options a `$regex` may carry: case-insensitive or none. */
export function isLiteralOptions(options: unknown): options is string {
  return options === '' || options === 'i'
}

/** A user's text as a literal pattern that finds it anywhere (`a.b` finds "a.b", not "axb"). */
export function literalPattern(text: string): string {
  return [...text].map((char) => (METACHARACTERS.has(char) ? `\\${char}` : char)).join('')
}
