import { describe, expect, it } from 'vitest'
import { SLOVENIAN_MOBILE_PREFIXES, normalizePhone, phoneForPeople } from './phone'

describe('normalizePhone: valid numbers', () => {
  it.each(SLOVENIAN_MOBILE_PREFIXES.map((prefix) => [prefix]))(
    '386 + 11 digits with mobile prefix %s',
    (prefix) => {
      expect(normalizePhone(`+386 ${prefix} 123 456`)).toEqual({
        ok: true,
        phone: `386${prefix}123456`,
      })
    },
  )

  it.each([
    ['8 digits get 386 prepended (mobile 041)', '41 123 456', '38641123456'],
    ['8 digits, mobile 070, with dashes', '70-123-456', '38670123456'],
    ['formatting characters dropped', '+386 (41) 123/456', '38641123456'],
    ['00 international prefix is read as +', '00386 41 123 456', '38641123456'],
    ['national form with trunk 0 (041 …)', '041 123 456', '38641123456'],
    ['national form with trunk 0 and slash', '064/123-456', '38664123456'],
    ['7 digits (shortest), not Slovenian', '1234567', '1234567'],
    ['15 digits (longest), not Slovenian', '+44 7911 123456 789', '447911123456789'],
    ['foreign mobile', '+43 664 1234567', '436641234567'],
    ['9 digits with trunk 0 but no mobile prefix stay as typed', '012345678', '012345678'],
    ['tabs and newlines are spaces too', '41\t123\n456', '38641123456'],
  ])('%s: %j → %s', (_label, input, phone) => {
    expect(normalizePhone(input)).toEqual({ ok: true, phone })
  })
})

describe('normalizePhone: invalid numbers', () => {
  it.each([
    ['386 with 10 digits', '+386 41 12345'],
    ['386 with 12 digits', '+386 41 1234567'],
    ['386 landline Ljubljana (01)', '+386 1 234 5678'],
    ['386 landline Maribor (02)', '+386 2 123 4567'],
    ['386 with non-mobile prefix 50', '+386 50 123 456'],
    ['8-digit landline (1 …) fails after 386 is prepended', '12345678'],
    ['8-digit number with prefix 20 fails after 386 is prepended', '20123456'],
    ['00386 landline', '00386 1 234 5678'],
    ['short number starting with 386', '3861234'],
    ['6 digits', '123456'],
    ['16 digits', '1234567890123456'],
    ['letters', '041 ABC 456'],
    ['dot is not a formatting character', '041.123.456'],
    ['empty', ''],
    ['only formatting', '+ () -'],
  ])('%s: %j', (_label, input) => {
    expect(normalizePhone(input)).toEqual({ ok: false })
  })
})

describe('phoneForPeople', () => {
  it.each([
    ['a Slovenian mobile, grouped as written at home', '38641503869', '+386 41 503 869'],
    ['another Slovenian mobile prefix', '38670123456', '+386 70 123 456'],
    ['a one-digit calling code (North America)', '12025550123', '+1 2025550123'],
    ['a two-digit calling code (Austria)', '436641234567', '+43 6641234567'],
    ['a two-digit calling code (Germany)', '4915112345678', '+49 15112345678'],
    ['a three-digit calling code (Croatia)', '385912345678', '+385 912345678'],
    ['the longest number', '447911123456789', '+44 7911123456789'],
    ['a seven-digit number is split after its calling code too', '1234567', '+1 234567'],
    ['nothing stays nothing', '', ''],
  ])('%s: %s → %j', (_label, stored, shown) => {
    expect(phoneForPeople(stored)).toBe(shown)
  })
})
