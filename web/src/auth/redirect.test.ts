import { describe, expect, it } from 'vitest'
import { safeRedirect } from './redirect'

describe('redirect after login', () => {
  it.each([
    ['/ETAB', '/ETAB'],
    ['/urnik?year=2#today', '/urnik?year=2#today'],
    ['/auth/users', '/auth/users'],
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
  ])('%s goes home', (target) => {
    expect(safeRedirect(target)).toBe('/')
  })
})
