import { describe, expect, it } from 'vitest'
import { adminUserSchema, fieldErrors, registrationSchema } from './validation'

const REQUIRED = 'obvezno EN required'
const EMAIL = 'e-naslov ni veljaven EN e-mail not valid'
const MOBILE = 'številka ni veljavna EN mobile number not valid'
const PHONE = 'telefon ni veljaven EN phone not valid'
const FORMAT = 'Oblika ni veljavna EN Invalid format'
const SHORT = 'geslo mora imeti vsaj 10 znakov EN password must have at least 10 characters'
const YEAR = 'letnik mora biti od 1 do 5 EN programme year must be 1 to 5'

const registration = {
  username: 'ana.novak@example.si',
  password: 'skrivnost-1',
  firstName: 'Ana',
  lastName: 'Novak',
  country: 'SI',
  phone: '041 123 456',
  year: 2,
}

describe('registrationSchema', () => {
  it('accepts a complete form, normalising username and phone', () => {
    const result = registrationSchema.safeParse({
      ...registration,
      username: ' Ana.Novak@Example.si ',
      firstName: ' Ana ',
    })
    expect(result.success && result.data).toEqual({
      ...registration,
      phone: '38641123456',
      // The form's language when none is sent: e-mails come in Slovenian.
      language: 'sl',
    })
  })

  it.each([
    ['username missing', 'username', undefined, REQUIRED],
    ['username blank', 'username', '   ', REQUIRED],
    ['username not an e-mail', 'username', 'ana.novak', EMAIL],
    ['username with two @', 'username', 'a@b@c.si', EMAIL],
    ['password missing', 'password', undefined, REQUIRED],
    ['password empty', 'password', '', REQUIRED],
    ['first name missing', 'firstName', undefined, REQUIRED],
    ['first name blank', 'firstName', ' ', REQUIRED],
    ['last name null', 'lastName', null, REQUIRED],
    ['country missing', 'country', undefined, REQUIRED],
    ['country empty (nothing chosen)', 'country', '', REQUIRED],
    ['country not a code', 'country', 'XX', FORMAT],
    ['phone missing', 'phone', undefined, REQUIRED],
    ['phone empty', 'phone', '', REQUIRED],
    ['phone Slovenian landline', 'phone', '+386 1 234 5678', MOBILE],
    ['phone too short', 'phone', '12345', MOBILE],
    ['password of 9 characters', 'password', 'skrivnost', SHORT],
    ['password of 10 counting spaces (never trimmed)', 'password', ' abcdefgh ', undefined],
    ['password of 9 emoji (code points, not UTF-16 units)', 'password', '🙂'.repeat(9), SHORT],
    ['year missing', 'year', undefined, REQUIRED],
    ['year not chosen (the select sends "")', 'year', '', REQUIRED],
    ['year 0', 'year', 0, YEAR],
    ['year 6', 'year', '6', YEAR],
    ['year not a number', 'year', 'first', YEAR],
    ['year from a select', 'year', '5', undefined],
    ['project not one of the list', 'project', 'LFIT1999', FORMAT],
    ['project not chosen', 'project', '', undefined],
    ['project chosen', 'project', 'LFITATM2025', undefined],
  ])('%s → %s', (_label, field, value, message) => {
    const result = registrationSchema.safeParse({ ...registration, [field]: value })
    expect(fieldErrors(result)).toEqual(message === undefined ? {} : { [field]: message })
  })

  it('ignores a status sent by the registrant: the server decides it', () => {
    const result = registrationSchema.safeParse({ ...registration, status: 'active' })
    expect(result.success && result.data).not.toHaveProperty('status')
  })

  it('an empty form reports every field as required', () => {
    expect(fieldErrors(registrationSchema.safeParse({}))).toEqual(
      Object.fromEntries(Object.keys(registration).map((field) => [field, REQUIRED])),
    )
  })
})

describe('adminUserSchema', () => {
  const minimal = { username: 'ana', status: 'active' }

  it.each([
    ['only username and status', {}, { username: 'ana', status: 'active' }],
    [
      'blank optional fields are dropped',
      { email: '', phone: '  ', country: '', accname: '' },
      minimal,
    ],
    ['null optional fields are dropped', { email: null, phone: null }, minimal],
    ['e-mail given and valid', { email: 'Ana@X.si' }, { ...minimal, email: 'ana@x.si' }],
    ['phone given and valid', { phone: '+43 664 1234567' }, { ...minimal, phone: '436641234567' }],
    [
      'roles, projects and educators',
      {
        roles: ['admin', 'ED'],
        projects: ['LFIT2024', 'LFITATM2025'],
        showOnlyEducators: ['Maja'],
      },
      {
        ...minimal,
        roles: ['admin', 'ED'],
        projects: ['LFIT2024', 'LFITATM2025'],
        showOnlyEducators: ['Maja'],
      },
    ],
    ['blocked status', { status: 'blocked' }, { ...minimal, status: 'blocked' }],
    [
      'a password of 10 characters',
      { password: 'abcdefghij' },
      { ...minimal, password: 'abcdefghij' },
    ],
    ['a programme year', { year: 3 }, { ...minimal, year: 3 }],
    ['a programme year chosen in a select', { year: '5' }, { ...minimal, year: 5 }],
    ['no programme year chosen', { year: '' }, minimal],
    ['programme year null', { year: null }, minimal],
  ])('accepts %s', (_label, fields, expected) => {
    const result = adminUserSchema.safeParse({ ...minimal, ...fields })
    expect(result.error?.issues).toBeUndefined()
    expect(result.data).toEqual(expected)
  })

  it.each([
    ['username missing', { username: undefined }, 'username', REQUIRED],
    ['username blank', { username: ' ' }, 'username', REQUIRED],
    ['e-mail invalid', { email: 'ana@' }, 'email', EMAIL],
    ['phone invalid', { phone: '123' }, 'phone', PHONE],
    ['phone Slovenian landline', { phone: '+386 1 234 5678' }, 'phone', PHONE],
    ['status missing', { status: undefined }, 'status', REQUIRED],
    ['status unknown', { status: 'deleted' }, 'status', REQUIRED],
    ['unknown role', { roles: ['admin', 'root'] }, 'roles', FORMAT],
    ['unknown project', { projects: ['LFIT2030'] }, 'projects', FORMAT],
    ['unknown country', { country: 'XX' }, 'country', FORMAT],
    ['blank educator name', { showOnlyEducators: [' '] }, 'showOnlyEducators', REQUIRED],
    ['a password of 9 characters', { password: 'abcdefghi' }, 'password', SHORT],
    ['programme year 0', { year: 0 }, 'year', YEAR],
    ['programme year 6', { year: '6' }, 'year', YEAR],
    ['programme year not whole', { year: 2.5 }, 'year', YEAR],
    ['programme year not a number', { year: 'first' }, 'year', YEAR],
  ])('%s → %s', (_label, fields, field, message) => {
    const result = adminUserSchema.safeParse({ ...minimal, ...fields })
    expect(fieldErrors(result)).toEqual({ [field]: message })
  })
})

describe('fieldErrors', () => {
  it('a successful parse has no errors', () => {
    expect(fieldErrors(adminUserSchema.safeParse({ username: 'a', status: 'active' }))).toEqual({})
  })
})
