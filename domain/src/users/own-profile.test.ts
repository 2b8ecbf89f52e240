// The own-profile rule of /mojRacun (docs/product-rules.md#my-account): which fields a person may
// change about themself, and how each is checked.
import { describe, expect, it } from 'vitest'
import { fieldErrors, ownProfileSchema } from './validation'

describe('ownProfileSchema', () => {
  it.each([
    [
      'names trimmed',
      { firstName: ' Ana ', lastName: 'Novak ' },
      { firstName: 'Ana', lastName: 'Novak' },
    ],
    ['a mobile number normalised', { phone: '041 123 456' }, { phone: '38641123456' }],
    ['a blank phone kept blank (removes it)', { phone: '   ' }, { phone: '' }],
    ['a listed country', { country: 'SI' }, { country: 'SI' }],
    ['the language of e-mails', { language: 'en' }, { language: 'en' }],
    [
      'privacy choices',
      { shareEmail: true, sharePhone: false },
      { shareEmail: true, sharePhone: false },
    ],
    ['nothing sent, nothing changed', {}, {}],
    [
      'fields a person may not change dropped',
      {
        roles: ['admin'],
        status: 'active',
        year: 3,
        email: 'x@y.si',
        username: 'x@y.si',
        firstName: 'A',
      },
      { firstName: 'A' },
    ],
  ])('accepts %s', (_name, input, output) => {
    expect(ownProfileSchema.parse(input)).toEqual(output)
  })

  it.each([
    ['an empty first name', { firstName: ' ' }, 'firstName', 'obvezno EN required'],
    ['a missing last name', { lastName: null }, 'lastName', 'obvezno EN required'],
    [
      'a landline-length number',
      { phone: '12' },
      'phone',
      'številka ni veljavna EN mobile number not valid',
    ],
    [
      'a country not on the list',
      { country: 'XX' },
      'country',
      'Oblika ni veljavna EN Invalid format',
    ],
    ['another language', { language: 'de' }, 'language', 'Oblika ni veljavna EN Invalid format'],
    [
      'a privacy choice as text',
      { shareEmail: 'yes' },
      'shareEmail',
      'Oblika ni veljavna EN Invalid format',
    ],
    [
      'a name too long',
      { firstName: 'a'.repeat(101) },
      'firstName',
      'Največ 100 znakov EN At most 100 characters',
    ],
  ])('refuses %s', (_name, input, field, message) => {
    expect(fieldErrors(ownProfileSchema.safeParse(input))).toEqual({ [field]: message })
  })
})
