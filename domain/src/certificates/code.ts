// The verification code of a certificate (docs/product-rules.md#certificates,
// docs/0016-certificate-verification-code.md): 16 Crockford base32 characters, shown in four
// groups (`K7QM-3XPA-9TDE-W2HN`). The first 8 are the certificate's random id (40 bits), the last
// 8 the first 40 bits of an HMAC of that id under the server's certificate secret, so nobody
// without the secret can make up a code that verifies. The HMAC itself is computed by the server
// and passed in: this module stays pure.

/** Crockford's alphabet: no I, L, O or U, so a typed code is never ambiguous. */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** Characters of the id part and of the MAC part. */
export const ID_LENGTH = 8
export const MAC_LENGTH = 8
export const CODE_LENGTH = ID_LENGTH + MAC_LENGTH
/** Random bytes behind one id: 5 bytes = 40 bits = 8 characters. */
export const ID_BYTES = 5

/** The server's HMAC-SHA-256 of a text under the certificate secret. */
export type CertificateMac = (message: string) => Uint8Array

/** Bytes to Crockford base32, 5 bits per character, the last one padded with zero bits. */
export function base32(bytes: Uint8Array): string {
  let out = ''
  let buffer = 0
  let bits = 0
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += CODE_ALPHABET[(buffer >> (bits - 5)) & 31]
      bits -= 5
    }
    buffer &= (1 << bits) - 1
  }
  if (bits > 0) out += CODE_ALPHABET[(buffer << (5 - bits)) & 31]
  return out
}

/** Letters people mistake for digits, read the way Crockford's base32 reads them. */
const LOOK_ALIKES: Record<string, string> = { O: '0', I: '1', L: '1' }

/**
 * A code as typed or scanned to its 16 canonical characters: case, dashes and spaces do not
 * matter, O reads as 0 and I or L as 1. Null for anything else (a wrong length, a U, a symbol).
 */
export function normaliseCode(typed: string): string | null {
  if (typeof typed !== 'string' || typed.length > 64) return null
  const compact = typed
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/[OIL]/g, (c) => LOOK_ALIKES[c] ?? c)
  if (compact.length !== CODE_LENGTH) return null
  for (const c of compact) if (!CODE_ALPHABET.includes(c)) return null
  return compact
}

/** `K7QM3XPA9TDEW2HN` → `K7QM-3XPA-9TDE-W2HN`. */
export function formatCode(canonical: string): string {
  return canonical.match(/.{1,4}/g)?.join('-') ?? canonical
}

/** The MAC part of a certificate id: what only the holder of the secret can compute. */
export function macPart(id: string, mac: CertificateMac): string {
  return base32(mac(`lfit-certificate:${id}`)).slice(0, MAC_LENGTH)
}

/** A new certificate's id (from `ID_BYTES` random bytes) and its formatted code. */
export function newCode(random: Uint8Array, mac: CertificateMac): { id: string; code: string } {
  if (random.length !== ID_BYTES) throw new Error(`a certificate id takes ${ID_BYTES} bytes`)
  const id = base32(random)
  return { id, code: formatCode(id + macPart(id, mac)) }
}

/**
 * Whether two texts are equal, looking at every character whatever differs: the time taken does
 * not tell a guesser how many leading characters were right. Texts of different lengths are
 * unequal (lengths are public: every code has 16 characters).
 */
export function sameInConstantTime(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  let difference = a.length ^ b.length
  const length = Math.max(a.length, b.length)
  for (let i = 0; i < length; i += 1) difference |= (a[i] ?? 0) ^ (b[i] ?? 0)
  return difference === 0
}

const charCodes = (text: string) => Array.from(text, (c) => c.charCodeAt(0))

/**
 * The certificate id a typed code names, when its MAC part is the one the secret gives; null for
 * a malformed code or a wrong MAC. The MAC is compared in constant time.
 */
export function checkCode(typed: string, mac: CertificateMac): string | null {
  const canonical = normaliseCode(typed)
  if (!canonical) return null
  const id = canonical.slice(0, ID_LENGTH)
  const given = canonical.slice(ID_LENGTH)
  return sameInConstantTime(charCodes(given), charCodes(macPart(id, mac))) ? id : null
}
