// The initial password an admin is offered for a new or reset user (length 12, docs/product-rules.md#users). It is
// read off a screen and typed on a phone, so it avoids look-alike characters and symbols.

export const PASSWORD_LENGTH = 12

/**
 * The shortest password a person may choose, on registration, change and an admin's reset
 * (docs/product-rules.md#users). Length, not character classes: a long passphrase is what a
 * person can remember and an attacker cannot guess; the forms add a strength hint.
 */
export const MIN_PASSWORD_LENGTH = 10

/** Counted in characters as a person sees them (code points: an emoji is one, not two). */
export function isLongEnough(password: string): boolean {
  return [...password].length >= MIN_PASSWORD_LENGTH
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ' // no I, O
const LOWER = 'abcdefghijkmnopqrstuvwxyz' // no l
const DIGITS = '23456789' // no 0, 1

export const PASSWORD_ALPHABET = UPPER + LOWER + DIGITS

/** A source of cryptographically secure random bytes, e.g. `crypto.getRandomValues`-backed. */
export type RandomBytes = (count: number) => Uint8Array

/**
 * Bytes at or above this limit are rejected so that every character is equally likely
 * (256 is not a multiple of the alphabet's size).
 */
const BYTE_LIMIT = 256 - (256 % PASSWORD_ALPHABET.length)

/**
 * Whole passwords lacking a class are drawn again (about one in five), which keeps every
 * acceptable password equally likely. A source that cannot produce one in this many draws
 * is broken, not unlucky.
 */
const MAX_DRAWS = 200

function hasEveryClass(password: string): boolean {
  const has = (set: string) => [...password].some((char) => set.includes(char))
  return has(UPPER) && has(LOWER) && has(DIGITS)
}

function draw(randomBytes: RandomBytes, length: number): string {
  let password = ''
  while (password.length < length) {
    const before = password.length
    for (const byte of randomBytes(length * 2)) {
      if (byte >= BYTE_LIMIT) continue
      password += PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length]
      if (password.length === length) break
    }
    // A random chunk of 2 × length bytes with no usable byte essentially never happens.
    if (password.length === before) throw new Error('randomBytes gave no usable bytes')
  }
  return password
}

/** A random password with at least one upper-case letter, one lower-case letter and one digit. */
export function generatePassword(randomBytes: RandomBytes, length = PASSWORD_LENGTH): string {
  if (!Number.isInteger(length) || length < 3) throw new RangeError('password length must be ≥ 3')
  for (let attempt = 0; attempt < MAX_DRAWS; attempt++) {
    const password = draw(randomBytes, length)
    if (hasEveryClass(password)) return password
  }
  throw new Error('randomBytes never produced a password with every character class')
}
