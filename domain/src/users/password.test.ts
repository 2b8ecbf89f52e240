import { describe, expect, it } from 'vitest'
import {
  MIN_PASSWORD_LENGTH,
  PASSWORD_ALPHABET,
  PASSWORD_LENGTH,
  generatePassword,
  isLongEnough,
  type RandomBytes,
} from './password'

/** Deterministic stand-in for a secure source: mulberry32 from a fixed seed. */
function seededBytes(seed: number): RandomBytes {
  let state = seed >>> 0
  return (count) => {
    const bytes = new Uint8Array(count)
    for (let i = 0; i < count; i++) {
      state = (state + 0x6d2b79f5) >>> 0
      let t = state
      t = Math.imul(t ^ (t >>> 15), t | 1)
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
      bytes[i] = ((t ^ (t >>> 14)) >>> 0) & 0xff
    }
    return bytes
  }
}

/** A source that answers the given bytes in order, repeating them. */
function scriptedBytes(script: readonly number[]): RandomBytes {
  let next = 0
  return (count) => Uint8Array.from({ length: count }, () => script[next++ % script.length] ?? 0)
}

const index = (char: string) => PASSWORD_ALPHABET.indexOf(char)

describe('generatePassword', () => {
  it('alphabet has no look-alikes and no duplicates', () => {
    for (const char of '0O1lI') expect(PASSWORD_ALPHABET).not.toContain(char)
    expect(new Set(PASSWORD_ALPHABET).size).toBe(PASSWORD_ALPHABET.length)
    expect(PASSWORD_ALPHABET).toMatch(/^[A-Za-z0-9]+$/)
  })

  it.each([1, 2, 3, 4, 5])('seed %i: 12 characters from the alphabet, every class', (seed) => {
    const password = generatePassword(seededBytes(seed))
    expect(password).toHaveLength(PASSWORD_LENGTH)
    expect(PASSWORD_LENGTH).toBe(12)
    for (const char of password) expect(PASSWORD_ALPHABET).toContain(char)
    expect(password).toMatch(/[A-Z]/)
    expect(password).toMatch(/[a-z]/)
    expect(password).toMatch(/[2-9]/)
  })

  it('the same bytes give the same password (no hidden randomness)', () => {
    expect(generatePassword(seededBytes(42))).toBe(generatePassword(seededBytes(42)))
  })

  it('maps accepted bytes to the alphabet and skips bytes above the uniform limit', () => {
    const size = PASSWORD_ALPHABET.length
    // 255 is rejected (≥ 4 × 57 = 228); 0 → 'A'; size → 'A' again; 'a' and '2' give the classes.
    const wanted = 'AAAAAAAAAa2A'
    const script = [255, ...[...wanted].map((char, i) => index(char) + (i % 2) * size)]
    expect(generatePassword(scriptedBytes(script))).toBe(wanted)
  })

  it('draws again when a class is missing', () => {
    const onlyUpper = Array.from({ length: 12 }, () => index('B'))
    const mixed = [...'Bb3BBBBBBBBB'].map(index)
    // Each draw asks for 24 bytes: first 24 upper-case-only, then the mixed ones.
    const script = [...onlyUpper, ...onlyUpper, ...mixed, ...mixed]
    expect(generatePassword(scriptedBytes(script))).toBe('Bb3BBBBBBBBB')
  })

  it('gives up on a source that never yields every class', () => {
    expect(() => generatePassword(scriptedBytes([index('Z')]))).toThrow(/character class/)
    expect(() => generatePassword(scriptedBytes([250]))).toThrow(/usable bytes/)
  })

  it('every character is used about equally often', () => {
    const counts = new Map<string, number>()
    const random = seededBytes(7)
    const passwords = 5000
    for (let i = 0; i < passwords; i++)
      for (const char of generatePassword(random)) counts.set(char, (counts.get(char) ?? 0) + 1)
    const mean = (passwords * PASSWORD_LENGTH) / PASSWORD_ALPHABET.length
    expect(counts.size).toBe(PASSWORD_ALPHABET.length)
    // Requiring every class slightly favours the rarer digits; all stay within 25 % of the mean.
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(mean * 0.75)
      expect(count).toBeLessThan(mean * 1.25)
    }
  })
})

describe('isLongEnough (the minimum a person may choose)', () => {
  it.each([
    ['empty', '', false],
    ['9 characters', 'abcdefghi', false],
    ['10 characters', 'abcdefghij', true],
    ['the demo password (13)', 'demo-password', true],
    ['9 emoji are 9 characters, not 18', '🙂'.repeat(9), false],
    ['10 emoji', '🙂'.repeat(10), true],
    ['spaces count', '    a    ', false],
  ])('%s → %s', (_label, password, expected) => {
    expect(isLongEnough(password)).toBe(expected)
  })

  it('every generated password is long enough', () => {
    expect(PASSWORD_LENGTH).toBeGreaterThanOrEqual(MIN_PASSWORD_LENGTH)
    const bytes = seededBytes(11)
    for (let i = 0; i < 50; i++) expect(isLongEnough(generatePassword(bytes))).toBe(true)
  })
})
