import { describe, expect, it } from 'vitest'
import {
  NEW_REGISTRATION_STATUS,
  PROJECTS,
  awaitsAcceptance,
  creationStamp,
  isBlocked,
  publicUserSchema,
  toPublicUser,
  type StoredUser,
} from './user'

const stored: StoredUser = {
  _id: 'u1',
  username: 'ana@example.si',
  roles: ['participant'],
  status: 'active',
  passwordHash: '$argon2id$…',
  initialPassword: '$argon2id$…',
}

describe('user', () => {
  it('the public shape never carries a secret', () => {
    const publicUser = toPublicUser({ ...stored, password: 'typed' })
    expect(publicUser).toEqual({
      _id: 'u1',
      username: 'ana@example.si',
      roles: ['participant'],
      status: 'active',
    })
    expect(stored.passwordHash).toBeDefined() // the original is left alone
  })

  it.each([
    ['unknown roles are dropped', { roles: ['admin', 'root'] }, { roles: ['admin'] }],
    ['null roles are none', { roles: null }, { roles: [] }],
    ['missing status means active', {}, { status: 'active' }],
    ['blocked stays blocked', { status: 'blocked' }, { status: 'blocked' }],
  ])('parsing a user from the wire: %s', (_label, fields, expected) => {
    const result = publicUserSchema.parse({ _id: 'u1', username: 'a', ...fields })
    expect(result).toMatchObject(expected)
  })

  it('a new user is stamped with its creator and the current date', () => {
    expect(creationStamp('admin@example.si', new Date(Date.UTC(2026, 10, 23, 9, 30)))).toEqual({
      addedBy: 'admin@example.si',
      reserved: '2026-11-23T09:30:00.000Z',
    })
  })

  it.each([
    ['blocked', { status: 'blocked' }, true],
    ['active', { status: 'active' }, false],
    ['no status', {}, false],
    ['no user', null, false],
  ])('isBlocked: %s', (_label, user, blocked) => {
    expect(isBlocked(user)).toBe(blocked)
  })

  it('projects fill the templates {name}2024, {name}ATM2025, {name}2025', () => {
    expect(PROJECTS).toEqual(['LFIT2024', 'LFITATM2025', 'LFIT2025'])
  })
})

describe('registrations awaiting acceptance', () => {
  it('a new registration starts blocked', () => {
    expect(isBlocked({ status: NEW_REGISTRATION_STATUS })).toBe(true)
  })

  const self = { username: 'ana@example.si', addedBy: 'ana@example.si' }
  it.each([
    ['self-registered, blocked, no roles', { ...self, status: 'blocked', roles: [] }, true],
    ['self-registered, blocked, roles missing', { ...self, status: 'blocked' }, true],
    ['accepted (active)', { ...self, status: 'active', roles: [] }, false],
    [
      'blocked after being given a role',
      { ...self, status: 'blocked', roles: ['participant'] },
      false,
    ],
    [
      'created and blocked by an admin',
      { username: 'b@x.si', addedBy: 'admin@x.si', status: 'blocked', roles: [] },
      false,
    ],
    ['no creator recorded', { username: 'c@x.si', status: 'blocked', roles: [] }, false],
    ['no user', null, false],
  ])('%s → %s', (_label, user, expected) => {
    expect(awaitsAcceptance(user)).toBe(expected)
  })
})
