import { describe, expect, it } from 'vitest'
import { FORM_MESSAGES } from '../messages/validation'
import { fieldErrors } from './validation'
import {
  checkPasswordLinkSchema,
  forgotPasswordSchema,
  LINK_INCOMPLETE,
  setPasswordSchema,
} from './password-link'

/** 32 random bytes in base64url, as a mailed link carries them. */
const TOKEN = 'cAxCQqgQT6qDuQYFuaxOVnBEGJSupADybBM3AUac_zw'
const first = (result: Parameters<typeof fieldErrors>[0]) => Object.values(fieldErrors(result))[0]

describe('the forgotten-password request', () => {
  it.each([
    ['an address as typed on a phone', ' Ana.Novak@Example.com ', 'ana.novak@example.com'],
    ['a plain address', 'ana@example.com', 'ana@example.com'],
  ])('takes %s, in the stored form', (_label, username, stored) => {
    expect(forgotPasswordSchema.parse({ username })).toEqual({ username: stored })
  })

  it.each([
    ['no address', {}, FORM_MESSAGES.required],
    ['a blank address', { username: '   ' }, FORM_MESSAGES.required],
    ['not an e-mail address', { username: 'ana' }, FORM_MESSAGES.emailInvalid],
    ['not text', { username: { $ne: null } }, FORM_MESSAGES.required],
    ['an address too long', { username: `${'a'.repeat(320)}@x.si` }, /Največ 320 znakov EN/],
  ])('refuses %s with one bilingual message', (_label, body, message) => {
    const result = forgotPasswordSchema.safeParse(body)
    expect(result.success).toBe(false)
    if (typeof message === 'string') expect(first(result)).toBe(message)
    else expect(first(result)).toMatch(message)
  })
})

describe('the link token', () => {
  it('takes the 43 characters of a mailed token', () => {
    expect(checkPasswordLinkSchema.parse({ token: TOKEN })).toEqual({ token: TOKEN })
  })

  it.each([
    ['no token', {}],
    ['a cut-off token', { token: TOKEN.slice(0, 30) }],
    ['a token with a character no token has', { token: `${TOKEN.slice(0, 42)}=` }],
    ['a token with a space', { token: `${TOKEN.slice(0, 42)} ` }],
    ['a token too long', { token: `${TOKEN}A` }],
    ['a token that is not text', { token: 42 }],
  ])('refuses %s as an incomplete link', (_label, body) => {
    expect(first(checkPasswordLinkSchema.safeParse(body))).toBe(LINK_INCOMPLETE)
  })
})

describe('setting a password by link', () => {
  it.each([
    ['a good password', { token: TOKEN, password: 'a-good-password' }, null],
    ['spaces kept as they are', { token: TOKEN, password: '  ten chars ' }, null],
    ['no password', { token: TOKEN }, FORM_MESSAGES.required],
    ['a short password', { token: TOKEN, password: 'short' }, FORM_MESSAGES.passwordTooShort],
    ['a bad token', { token: 'x', password: 'a-good-password' }, LINK_INCOMPLETE],
  ])('%s', (_label, body, message) => {
    const result = setPasswordSchema.safeParse(body)
    expect(result.success).toBe(message === null)
    if (message) expect(first(result)).toBe(message)
    else expect(result.data).toEqual(body)
  })
})
