import { describe, expect, it } from 'vitest'
import { afterLogin, loginHref, requestedTarget } from './redirect'

const participant = { roles: ['participant'] }
const presenceEditor = { roles: ['presenceEditor'] }
const admin = { roles: ['admin'] }

describe('redirect after login', () => {
  it.each([
    ['/ETAB', '/ETAB'],
    ['/urnik?year=2#today', '/urnik?year=2#today'],
    ['/auth/users', '/auth/users'],
    ['/', '/'],
    // The studio tablet's day lives in the query: a sign-in reopens the same day.
    ['/ETAB?year=2&segment=5&day=2026-11-17', '/ETAB?year=2&segment=5&day=2026-11-17'],
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
    // Browsers drop tabs and line breaks from a URL: these are //evil.example, another origin.
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example/x',
  ])('%j is no target: the user lands by role', (target) => {
    expect(requestedTarget(target)).toBeNull()
    expect(afterLogin(target, presenceEditor)).toBe('/ETAB')
    expect(afterLogin(target, participant)).toBe('/urnik')
    expect(afterLogin(target, admin)).toBe('/')
  })

  it('a login link carries the whole page address and gives it back', () => {
    const href = '/ETAB?year=2&segment=5&day=2026-11-17'
    const login = new URL(loginHref(href), 'https://app.example')
    expect(login.pathname).toBe('/auth/login')
    expect(requestedTarget(login.searchParams.get('redirect'))).toBe(href)
  })
})
