import { describe, expect, it } from 'vitest'
import { afterLogin } from './redirect'

const participant = { roles: ['participant'] }
const presenceEditor = { roles: ['presenceEditor'] }
const admin = { roles: ['admin'] }

describe('redirect after login', () => {
  it.each([
    ['/ETAB', '/ETAB'],
    ['/urnik?year=2#today', '/urnik?year=2#today'],
    ['/auth/users', '/auth/users'],
    ['/', '/'],
  ])('%s is kept, whoever logs in', (target, expected) => {
    expect(afterLogin(target, participant)).toBe(expected)
    expect(afterLogin(target, presenceEditor)).toBe(expected)
  })

  it.each([
    undefined,
    '',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/auth/login?redirect=/x',
    '/AUTH/LOGOUT',
  ])('%s is no target: the user lands by role', (target) => {
    expect(afterLogin(target, presenceEditor)).toBe('/ETAB')
    expect(afterLogin(target, participant)).toBe('/urnik')
    expect(afterLogin(target, admin)).toBe('/')
  })
})
