// Names are single-line (docs/product-rules.md#users): every form that takes a name refuses a
// line break or another control character in it, with the bilingual message, and keeps names
// with accents, apostrophes, hyphens and spaces.
import { describe, expect, it } from 'vitest'
import { FORM_MESSAGES } from '../messages/validation'
import { signupSchema } from '../records/signups'
import { isSingleLine, oneLine } from './names'
import { adminUserSchema, fieldErrors, ownProfileSchema, registrationSchema } from './validation'

describe('isSingleLine', () => {
  it.each([
    ['Ana', true],
    ['Šárka Čeč-Žagar', true],
    ["D'Arcy O'Neill", true],
    ['Jean Luc', true],
    ['Ana\nNovak', false],
    ['Ana\r\nBcc: someone@example.org', false],
    ['Ana\rNovak', false],
    ['Ana\tNovak', false],
    ['Ana\u0000', false],
    ['Ana\u007f', false],
    ['Ana\u0085Novak', false],
    ['Ana\u2028Novak', false],
    ['Ana\u2029Novak', false],
  ])('%j: %s', (name, single) => {
    expect(isSingleLine(name)).toBe(single)
  })
})

describe('oneLine', () => {
  it.each([
    ['Ana', 'Ana'],
    ['Ana\r\n\r\nKlik: https://evil.example', 'Ana Klik: https://evil.example'],
    ['Ana\tNovak', 'Ana Novak'],
    ['Ana\u2028', 'Ana'],
    ["Šárka O'Neill", "Šárka O'Neill"],
  ])('%j → %j', (stored, shown) => {
    expect(oneLine(stored)).toBe(shown)
    expect(isSingleLine(oneLine(stored))).toBe(true)
  })
})

const NOW = Date.UTC(2026, 10, 10, 11)
const FORMS = {
  registration: {
    schema: registrationSchema,
    valid: {
      username: 'ana.novak@example.si',
      password: 'skrivnost-1',
      firstName: 'Ana',
      lastName: 'Novak',
      country: 'SI',
      phone: '041 123 456',
      year: 2,
    },
  },
  admin: { schema: adminUserSchema, valid: { username: 'ana', status: 'active' } },
  ownProfile: { schema: ownProfileSchema, valid: {} },
  eventSignup: {
    schema: signupSchema('signup', NOW),
    valid: { name: 'Eva', email: 'eva@x.si', phone: '041 123 456', dayId: 'lfit_20261116' },
  },
  reservation: {
    schema: signupSchema('reservation', NOW),
    valid: { name: 'Eva', email: 'eva@x.si', phone: '041 123 456', dayId: 'lfit_20261116' },
  },
}

describe('every name field of every form', () => {
  it.each([
    ['registration', 'firstName'],
    ['registration', 'lastName'],
    ['admin', 'firstName'],
    ['admin', 'lastName'],
    ['admin', 'accname'],
    ['ownProfile', 'firstName'],
    ['ownProfile', 'lastName'],
    ['eventSignup', 'name'],
    ['reservation', 'name'],
  ] as const)('%s %s: one line only', (form, field) => {
    const { schema, valid } = FORMS[form]
    for (const bad of ['Ana\r\nBcc: someone@example.org', 'Ana\nNovak', 'Ana\tNovak']) {
      expect(fieldErrors(schema.safeParse({ ...valid, [field]: bad }))).toEqual({
        [field]: FORM_MESSAGES.singleLine,
      })
    }
    const kept = schema.safeParse({ ...valid, [field]: " Šárka O'Neill-Čeč " })
    expect(kept.error?.issues).toBeUndefined()
    expect((kept.data as Record<string, unknown>)[field]).toBe("Šárka O'Neill-Čeč")
  })
})
