// Phone numbers (docs/product-rules.md#users). Stored as digits only, with the country code and without '+', so
// that one person's number is written one way whatever the form it was typed in.

export const PHONE_MIN_DIGITS = 7
export const PHONE_MAX_DIGITS = 15

export const SLOVENIA_CALLING_CODE = '386'

/**
 * Slovenian mobile prefixes after the country code. docs/product-rules.md#users writes them with
 * the national trunk 0 (030, 040, …), which is dropped after +386.
 */
export const SLOVENIAN_MOBILE_PREFIXES = [
  '30',
  '40',
  '68',
  '69',
  '31',
  '41',
  '51',
  '65',
  '70',
  '71',
  '64',
] as const

/** +386, then a two-digit mobile prefix and a six-digit subscriber number. */
const SLOVENIAN_NUMBER_DIGITS = 11
/** A Slovenian national number without the trunk 0: two-digit prefix + six digits. */
const NATIONAL_DIGITS = 8

export type PhoneResult = { ok: true; phone: string } | { ok: false }

const FORMATTING = /[\s+\-/()]/g
const INVALID: PhoneResult = { ok: false }

function isSlovenianMobile(digits: string): boolean {
  return (
    digits.length === SLOVENIAN_NUMBER_DIGITS &&
    SLOVENIAN_MOBILE_PREFIXES.some((prefix) => digits.startsWith(prefix, 3))
  )
}

/**
 * Normalises and checks a typed phone number.
 *
 * The rules (docs/product-rules.md#users): digits only after dropping spaces, '+', '-', '/', '(' and ')'; 7 to 15
 * digits; an 8-digit number is Slovenian and gets 386 prepended; a number starting with 386 must
 * be a Slovenian mobile (11 digits, mobile prefix). So an 8-digit number is valid only when the
 * prepended result is a Slovenian mobile: the form asks for a mobile, and a landline would fail
 * the same check written with +386.
 *
 * Two ways of writing the same numbers, which the product rules do not mention, are read as such:
 * - '00' is the international call prefix, the same as '+' (0038641… = +38641…);
 * - a 9-digit number starting with a Slovenian mobile prefix with its trunk 0 (041 123 456) is
 *   the national form of a Slovenian mobile. Other 9-digit numbers stay as they are.
 */
export function normalizePhone(input: string): PhoneResult {
  let digits = input.replace(FORMATTING, '')
  if (!/^\d+$/.test(digits)) return INVALID
  if (digits.startsWith('00')) digits = digits.slice(2)
  if (digits.length === NATIONAL_DIGITS + 1 && digits.startsWith('0')) {
    const national = digits.slice(1)
    if (SLOVENIAN_MOBILE_PREFIXES.some((prefix) => national.startsWith(prefix))) digits = national
  }
  if (digits.length < PHONE_MIN_DIGITS || digits.length > PHONE_MAX_DIGITS) return INVALID
  if (digits.length === NATIONAL_DIGITS) digits = SLOVENIA_CALLING_CODE + digits
  if (digits.startsWith(SLOVENIA_CALLING_CODE) && !isSlovenianMobile(digits)) return INVALID
  return { ok: true, phone: digits }
}

/**
 * The ITU calling codes one or two digits long; every other code has three (E.164 codes are a
 * prefix code, so the first one that fits is the code).
 */
const SHORT_CALLING_CODES = new Set([
  '1',
  '7',
  '20',
  '27',
  '30',
  '31',
  '32',
  '33',
  '34',
  '36',
  '39',
  '40',
  '41',
  '43',
  '44',
  '45',
  '46',
  '47',
  '48',
  '49',
  '51',
  '52',
  '53',
  '54',
  '55',
  '56',
  '57',
  '58',
  '60',
  '61',
  '62',
  '63',
  '64',
  '65',
  '66',
  '81',
  '82',
  '84',
  '86',
  '90',
  '91',
  '92',
  '93',
  '94',
  '95',
  '98',
])

/**
 * A stored phone number as people read it, in the international notation of ITU-T E.123: '+',
 * the calling code, a space, the national number; a Slovenian mobile grouped as its owners
 * write it (+386 41 503 869). The spaces also keep a spreadsheet from reading an exported number
 * as a quantity (docs/0044-exported-phones-and-dates.md).
 */
export function phoneForPeople(phone: string): string {
  if (!phone) return ''
  if (isSlovenianMobile(phone)) {
    return `+${SLOVENIA_CALLING_CODE} ${phone.slice(3, 5)} ${phone.slice(5, 8)} ${phone.slice(8)}`
  }
  const code = [phone.slice(0, 1), phone.slice(0, 2)].find((c) => SHORT_CALLING_CODES.has(c))
  const length = code?.length ?? 3
  return phone.length > length + 3
    ? `+${phone.slice(0, length)} ${phone.slice(length)}`
    : `+${phone}`
}
