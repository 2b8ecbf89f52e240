// E-mail addresses and usernames. Registration uses the e-mail address as the username.
import { z } from 'zod'

/** zod's e-mail rule: the same check in the browser form and on the server. */
const emailFormat = z.email()

export function isEmail(value: string): boolean {
  return emailFormat.safeParse(value).success
}

/**
 * The form a username or e-mail address is stored and looked up in. Lower case because phone
 * keyboards capitalise the first letter, and 'Ana@…' and 'ana@…' must not become two accounts;
 * the server applies the same function at login.
 */
export function normalizeUsername(value: string): string {
  return value.trim().toLowerCase()
}
