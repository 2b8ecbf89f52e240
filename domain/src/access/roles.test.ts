import { describe, expect, it } from 'vitest'
import { ROLES, hasAnyRole, hasRole, isAdmin, isRole } from './roles'

describe('roles', () => {
  /**
   * Roles the app adds to the product's 14: who writes the public pages (docs/0050) and who plans
   * the calendar (docs/0047-the-calendar-is-data.md).
   */
  const APP_ROLES = ['pageEditor', 'calendarEditor']

  it('has the 14 roles of the product, and the ones the app adds', () => {
    expect(ROLES.filter((role) => !APP_ROLES.includes(role))).toHaveLength(14)
    expect(ROLES).toEqual(expect.arrayContaining(APP_ROLES))
    expect(new Set(ROLES).size).toBe(ROLES.length)
  })

  it.each([
    ['visitor (null)', null, false, false, false],
    ['visitor (undefined)', undefined, false, false, false],
    ['user without roles', {}, false, false, false],
    ['user with null roles', { roles: null }, false, false, false],
    ['participant', { roles: ['participant'] }, false, true, false],
    ['admin', { roles: ['admin'] }, true, false, true],
    ['editor and admin', { roles: ['regEditor', 'admin'] }, true, true, true],
    ['unknown role only', { roles: ['root'] }, false, false, false],
  ] as const)('%s', (_label, user, admin, participantOrEducator, isAdminUser) => {
    expect(hasRole(user, 'admin')).toBe(admin)
    expect(hasAnyRole(user, ['participant', 'educator', 'regEditor'])).toBe(participantOrEducator)
    expect(isAdmin(user)).toBe(isAdminUser)
  })

  it('any of an empty list is never satisfied', () => {
    expect(hasAnyRole({ roles: ['admin'] }, [])).toBe(false)
  })

  it.each([
    ['known', 'presenceEditor', true],
    ['case matters', 'Admin', false],
    ['not a string', 3, false],
  ])('isRole: %s', (_label, value, expected) => {
    expect(isRole(value)).toBe(expected)
  })
})
