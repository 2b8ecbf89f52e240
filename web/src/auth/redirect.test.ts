import { describe, expect, it } from 'vitest'
import { loginHref, safeRedirect } from './redirect'

describe('redirect after login', () => {
  it.each([
    ['/ETAB', '/ETAB'],
    ['/urnik?year=2#today', '/urnik?year=2#today'],
    ['/auth/users', '/auth/users'],
    // The studio tablet's day lives in the query: a sign-in reopens the same day.
    ['/ETAB?year=2&segment=5&day=2026-11-17', '/ETAB?year=2&segment=5&day=2026-11-17'],
  ])('%s is kept', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected)
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
  ])('%j goes home', (target) => {
    expect(safeRedirect(target)).toBe('/')
  })

  it('a login link carries the whole page address and gives it back', () => {
    const href = '/ETAB?year=2&segment=5&day=2026-11-17'
    const login = new URL(loginHref(href), 'https://app.example')
    expect(login.pathname).toBe('/auth/login')
    expect(safeRedirect(login.searchParams.get('redirect'))).toBe(href)
  })
})
