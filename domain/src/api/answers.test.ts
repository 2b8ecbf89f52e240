import { describe, expect, it } from 'vitest'
import { AUTH_ANSWERS, errorAnswerSchema, sessionAnswerSchema } from './answers'

const user = {
  _id: 'u1',
  username: 'ana@example.com',
  roles: ['participant'],
  status: 'active',
  firstName: 'Ana',
}

describe('the session answer', () => {
  it('reads the user of login and /api/auth/user, keeping an acting admin’s full roles', () => {
    expect(sessionAnswerSchema.parse({ user })).toEqual({ user })
    const acting = { ...user, roles: ['presenceEditor'], allRoles: ['admin', 'presenceEditor'] }
    expect(sessionAnswerSchema.parse({ user: acting }).user.allRoles).toEqual([
      'admin',
      'presenceEditor',
    ])
  })

  it('carries a participant’s programme year, so their own views open on it', () => {
    expect(sessionAnswerSchema.parse({ user: { ...user, year: 2 } }).user.year).toBe(2)
  })

  it('drops fields it does not know, so a secret sent by mistake is not kept', () => {
    const parsed = sessionAnswerSchema.parse({ user: { ...user, passwordHash: '$argon2id$x' } })
    expect(parsed.user).not.toHaveProperty('passwordHash')
  })

  it.each([
    ['no user', {}],
    ['a user without a username', { user: { ...user, username: undefined } }],
    ['roles that are not a list', { user: { ...user, roles: 'admin' } }],
    ['a bare string', 'ok'],
    ['nothing', undefined],
  ])('refuses %s', (_title, answer) => {
    expect(sessionAnswerSchema.safeParse(answer).success).toBe(false)
  })
})

describe('the error answer', () => {
  it('reads code, bilingual message and per-field messages', () => {
    const answer = {
      error: {
        code: 'invalidBody',
        message: { sl: 'Vsebina zahteve ni veljavna', en: 'Invalid request body' },
        fields: { phone: { sl: 'številka ni veljavna', en: 'mobile number not valid' } },
      },
    }
    expect(errorAnswerSchema.parse(answer)).toEqual(answer)
  })

  it.each([
    ['a message in one language', { error: { code: 'x', message: { en: 'x' } } }],
    ['a code that is not text', { error: { code: 4, message: { sl: 'a', en: 'b' } } }],
    ['an HTML page', '<html>Bad gateway</html>'],
    [
      'fields that are not bilingual',
      { error: { code: 'x', message: { sl: 'a', en: 'b' }, fields: { a: 'b' } } },
    ],
  ])('refuses %s', (_title, answer) => {
    expect(errorAnswerSchema.safeParse(answer).success).toBe(false)
  })
})

describe('every auth call has its answer', () => {
  it('logout and password answer ok, register answers the same for everyone', () => {
    expect(AUTH_ANSWERS.logout.parse({ ok: true })).toEqual({ ok: true })
    expect(AUTH_ANSWERS.password.parse({ ok: true })).toEqual({ ok: true })
    expect(AUTH_ANSWERS.register.parse({ ok: true })).toEqual({ ok: true })
    expect(AUTH_ANSWERS.register.safeParse({ user }).success).toBe(false)
    expect(AUTH_ANSWERS.login.parse({ user })).toEqual({ user })
    expect(AUTH_ANSWERS.selectMyRoles.parse({ user })).toEqual({ user })
  })
})
