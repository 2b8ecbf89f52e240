import { describe, expect, it } from 'vitest'
import {
  PROJECTS,
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

  it('projects fill the spec templates {name}2024, {name}ATM2025, {name}2025', () => {
    expect(PROJECTS).toEqual(['LFIT2024', 'LFITATM2025', 'LFIT2025'])
  })
})
