import { describe, expect, it } from 'vitest'
import { FORM_MESSAGES, TOOLKIT_MESSAGES, splitBilingual } from './validation'

describe('validation messages', () => {
  it.each([
    ['required', FORM_MESSAGES.required, 'obvezno', 'required'],
    ['e-mail', FORM_MESSAGES.emailInvalid, 'e-naslov ni veljaven', 'e-mail not valid'],
    ['mobile', FORM_MESSAGES.mobileInvalid, 'številka ni veljavna', 'mobile number not valid'],
    ['phone', FORM_MESSAGES.phoneInvalid, 'telefon ni veljaven', 'phone not valid'],
    [
      'toolkit required (spec verbatim)',
      TOOLKIT_MESSAGES.required,
      'To polje je obvezno',
      'This field is required',
    ],
  ])('%s message splits into its two languages', (_label, text, sl, en) => {
    expect(splitBilingual(text)).toEqual({ sl, en })
  })

  it.each([
    [1, 'Največ 1 znak', 'At most 1 character'],
    [2, 'Največ 2 znaka', 'At most 2 characters'],
    [4, 'Največ 4 znaki', 'At most 4 characters'],
    [5, 'Največ 5 znakov', 'At most 5 characters'],
    [101, 'Največ 101 znak', 'At most 101 characters'],
  ])('max length %i uses the Slovenian plural', (n, sl, en) => {
    expect(splitBilingual(TOOLKIT_MESSAGES.maxLength(n))).toEqual({ sl, en })
  })

  it('min length and excluded character are filled in', () => {
    expect(splitBilingual(TOOLKIT_MESSAGES.minLength(3)).sl).toBe('Najmanj 3 znaki')
    expect(splitBilingual(TOOLKIT_MESSAGES.excludedCharacter('@')).en).toBe(
      'The character "@" is not allowed',
    )
  })

  it('every toolkit message has both halves', () => {
    const m = TOOLKIT_MESSAGES
    const texts = [
      m.required,
      m.email,
      m.numbers,
      m.integers,
      m.capitals,
      m.maxLength(3),
      m.minLength(3),
      m.excludedCharacter('@'),
      m.atLeastOne,
      m.invalidFormat,
    ]
    expect(texts).toHaveLength(Object.keys(m).length)
    for (const text of texts) {
      const { sl, en } = splitBilingual(text)
      expect(sl).not.toBe(en)
    }
  })
})
