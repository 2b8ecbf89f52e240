import { describe, expect, it } from 'vitest'
import {
  base32,
  checkCode,
  CODE_ALPHABET,
  formatCode,
  newCode,
  normaliseCode,
  sameInConstantTime,
  type CertificateMac,
} from './code'

// A stand-in keyed MAC for the tests (the server passes HMAC-SHA-256): deterministic and
// different per key and message, which is all these rules need.
function fakeMac(key: string): CertificateMac {
  return (message) => {
    const out = new Uint8Array(32)
    let h = 2166136261
    const text = `${key}|${message}`
    for (let round = 0; round < out.length; round += 1) {
      for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0
      h = Math.imul(h ^ round, 16777619) >>> 0
      out[round] = h & 255
    }
    return out
  }
}

const mac = fakeMac('secret')
const { id, code } = newCode(new Uint8Array([1, 2, 3, 4, 5]), mac)

describe('the verification code', () => {
  it('is 16 characters in four groups of four, the id first', () => {
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/)
    expect(code.replaceAll('-', '').slice(0, 8)).toBe(id)
    expect(checkCode(code, mac)).toBe(id)
  })

  it.each([
    ['lower case', (c: string) => c.toLowerCase()],
    ['no dashes', (c: string) => c.replaceAll('-', '')],
    ['spaces instead of dashes', (c: string) => c.replaceAll('-', ' ')],
    ['spaces around', (c: string) => `  ${c}  `],
    ['O typed for 0, I or L for 1', (c: string) => c.replaceAll('0', 'O').replaceAll('1', 'l')],
  ])('verifies as typed with %s', (_, typing) => {
    expect(checkCode(typing(code), mac)).toBe(id)
  })

  it('fails when any one character is changed', () => {
    const canonical = code.replaceAll('-', '')
    for (let i = 0; i < canonical.length; i += 1) {
      const replacement = CODE_ALPHABET[(CODE_ALPHABET.indexOf(canonical[i]!) + 1) % 32]!
      const changed = canonical.slice(0, i) + replacement + canonical.slice(i + 1)
      expect(checkCode(changed, mac), `character ${i + 1}`).toBeNull()
    }
  })

  it('fails under another secret', () => {
    expect(checkCode(code, fakeMac('another secret'))).toBeNull()
  })

  it.each([
    ['', null],
    ['K7QM-3XPA-9TDE', null],
    ['K7QM-3XPA-9TDE-W2HN-X', null],
    ['K7QM-3XPA-9TDE-W2HU', null],
    ['K7QM-3XPA-9TDE-W2H!', null],
    ['k7qm 3xpa 9tde w2hn', 'K7QM3XPA9TDEW2HN'],
    ['K7QM-3XPA-9TDE-W2HO', 'K7QM3XPA9TDEW2H0'],
    ['x'.repeat(100), null],
  ])('normalises %j to %j', (typed, expected) => {
    expect(normaliseCode(typed)).toBe(expected)
  })

  it('formats in groups of four', () => {
    expect(formatCode('K7QM3XPA9TDEW2HN')).toBe('K7QM-3XPA-9TDE-W2HN')
  })

  it.each([
    [[0, 0, 0, 0, 0], '00000000'],
    [[255, 255, 255, 255, 255], 'ZZZZZZZZ'],
    [[0x84, 0x21, 0x08, 0x42, 0x10], 'GGGGGGGG'],
  ])('base32 of %j is %s', (bytes, expected) => {
    expect(base32(new Uint8Array(bytes))).toBe(expected)
  })

  it('compares in constant time: every character is read whichever one differs', () => {
    const read = (values: number[]) => {
      const reads = new Set<number>()
      const proxy = new Proxy(values, {
        get(target, key) {
          if (typeof key === 'string' && /^\d+$/.test(key)) reads.add(Number(key))
          return Reflect.get(target, key)
        },
      })
      return { proxy, reads }
    }
    const expected = [1, 2, 3, 4, 5, 6, 7, 8]
    for (const differs of [0, 7]) {
      const given = [...expected]
      given[differs] = 99
      const a = read(given)
      const b = read(expected)
      expect(sameInConstantTime(a.proxy, b.proxy)).toBe(false)
      expect(a.reads.size).toBe(8)
      expect(b.reads.size).toBe(8)
    }
    expect(sameInConstantTime(expected, [...expected])).toBe(true)
    expect(sameInConstantTime(expected, expected.slice(0, 7))).toBe(false)
  })
})
