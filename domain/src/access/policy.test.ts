import { describe, expect, it } from 'vitest'
import { DB_OPERATIONS } from '../api/calls'
import { SYNC_COLLECTIONS } from '../sync/protocol'
import { SECRET_USER_FIELDS } from '../users/user'
import { ROLES } from './roles'
import {
  collectionPolicy,
  decide,
  INTERNAL_COLLECTIONS,
  mayLookup,
  mayTestHash,
  POLICY,
  SECRET_FIELDS,
} from './policy'

const as = (...roles: string[]) => ({ username: 'me@x.si', roles })

describe('the policy data', () => {
  it('never lets a secret be read or written directly', () => {
    for (const [name, policy] of Object.entries(POLICY)) {
      for (const secret of SECRET_FIELDS) {
        expect(policy.readable, name).not.toContain(secret)
        if (secret !== 'password') expect(policy.writable, name).not.toContain(secret)
      }
      for (const grants of Object.values(policy.operations)) {
        for (const grant of grants ?? []) {
          for (const field of grant.fields ?? []) expect(policy.readable).toContain(field)
          for (const field of grant.writes ?? []) expect(policy.writable).toContain(field)
          for (const role of Array.isArray(grant.who) ? grant.who : [])
            expect(ROLES).toContain(role)
        }
      }
    }
    expect(SECRET_FIELDS).toEqual(expect.arrayContaining([...SECRET_USER_FIELDS]))
  })

  it('has no operation it does not know, and sync operations only on synced collections', () => {
    for (const [name, policy] of Object.entries(POLICY)) {
      for (const operation of Object.keys(policy.operations)) {
        expect(DB_OPERATIONS).toContain(operation)
        if (operation === 'upsertBatch' || operation === 'pull')
          expect(SYNC_COLLECTIONS).toContain(name)
      }
    }
  })

  it('reads material and the library only through pull, never through the data API', () => {
    for (const collection of ['materials', 'library']) {
      for (const role of ['admin', 'mediaEditor', 'participant'] as const) {
        expect(decide(collection, 'find', as(role))).toMatchObject({ allowed: false })
        expect(decide(collection, 'findById', as(role))).toMatchObject({ allowed: false })
        expect(decide(collection, 'pull', as(role))).toMatchObject({ allowed: true })
        expect(decide(collection, 'upsertBatch', as(role))).toMatchObject({ allowed: true })
      }
    }
  })

  it('keeps internal collections out of the policy', () => {
    for (const name of INTERNAL_COLLECTIONS) expect(collectionPolicy(name)).toBeNull()
    expect(collectionPolicy('__proto__')).toBeNull()
    expect(collectionPolicy('constructor')).toBeNull()
  })
})

describe('decide', () => {
  it('denies by default: unknown and internal collections, unknown operations, unlisted roles', () => {
    expect(decide('grades', 'find', as('admin'))).toEqual({
      allowed: false,
      reason: 'unknownCollection',
    })
    expect(decide('history', 'find', as('admin'))).toEqual({
      allowed: false,
      reason: 'internalCollection',
    })
    expect(decide('users', 'drop', as('admin'))).toEqual({
      allowed: false,
      reason: 'unknownOperation',
    })
    expect(decide('users', 'toString', as('admin'))).toEqual({
      allowed: false,
      reason: 'unknownOperation',
    })
    expect(decide('users', 'pull', as('admin'))).toEqual({
      allowed: false,
      reason: 'unknownOperation',
    })
    expect(decide('users', 'insert', as('regEditor'))).toEqual({
      allowed: false,
      reason: 'forbidden',
    })
    expect(decide('users', 'insert', null)).toEqual({ allowed: false, reason: 'notLoggedIn' })
    expect(decide('analytics', 'deleteOne', null)).toEqual({ allowed: false, reason: 'forbidden' })
    expect(decide('attendance', 'find', as('mediaEditor'))).toEqual({
      allowed: false,
      reason: 'forbidden',
    })
  })

  it('gives a participant their own attendance and absences only', () => {
    for (const collection of ['attendance', 'absences', 'makeupAttendance']) {
      const decision = decide(collection, 'find', as('participant'))
      expect(decision).toMatchObject({
        allowed: true,
        permit: { rows: { participant: 'me@x.si' } },
      })
      expect(decide(collection, 'find', as('participant', 'presenceEditor'))).toMatchObject({
        allowed: true,
        permit: { rows: null },
      })
    }
  })

  it('gives staff names but no contact details of users', () => {
    const decision = decide('users', 'find', as('presenceEditor'))
    expect(decision.allowed && decision.permit.readable).not.toContain('email')
    expect(decision.allowed && decision.permit.someFields).toBe(true)
    const admin = decide('users', 'find', as('admin'))
    expect(admin.allowed && admin.permit.readable).toContain('email')
  })

  it("keeps a participant to their own user record: others' usernames are e-mail addresses", () => {
    expect(decide('users', 'find', as('participant'))).toMatchObject({
      allowed: true,
      permit: { rows: { username: 'me@x.si' } },
    })
  })

  it('never lets an own-rows grant write its owner field', () => {
    const decision = decide('makeups', 'insert', as('participant'))
    expect(decision).toMatchObject({ allowed: true, permit: { own: 'participant' } })
    expect(decision.allowed && decision.permit.writable).not.toContain('participant')
    expect(decision.allowed && decision.permit.writable).not.toContain('status')
  })

  it('lets visitors add analytics events, and nothing else (sign-ups go through /api/signups)', () => {
    for (const [name, policy] of Object.entries(POLICY)) {
      for (const operation of Object.keys(policy.operations)) {
        const open = decide(name, operation, null).allowed
        expect(open, `${name}/${operation}`).toBe(operation === 'insert' && name === 'analytics')
      }
    }
  })
})

describe('testHash and $lookup', () => {
  it('tests only the initial password, for admins', () => {
    expect(mayTestHash('users', 'initialPassword', as('admin'))).toBe(true)
    expect(mayTestHash('users', 'passwordHash', as('admin'))).toBe(false)
    expect(mayTestHash('users', 'initialPassword', as('regEditor'))).toBe(false)
    expect(mayTestHash('users', 'initialPassword', null)).toBe(false)
    expect(mayTestHash('users', 'constructor', as('admin'))).toBe(false)
  })

  it('joins only collections the caller reads whole and that hold no secrets', () => {
    expect(mayLookup('users', as('admin'))).toBe(false)
    expect(mayLookup('history', as('admin'))).toBe(false)
    expect(mayLookup('attendance', as('presenceEditor'))).toBe(true)
    expect(mayLookup('attendance', as('participant'))).toBe(false)
    expect(mayLookup('registrations', as('regEditor'))).toBe(true)
    expect(mayLookup('registrations', as('participant'))).toBe(false)
  })
})
