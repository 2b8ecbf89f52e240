import { describe, expect, it } from 'vitest'
import { landingPath } from './landing'
import { canVisit } from './routes'
import { ROLES } from './roles'

describe('where a user lands after logging in', () => {
  it.each<[string, string[] | null, string]>([
    ['a visitor', null, '/'],
    ['no roles', [], '/'],
    ['presenceEditor', ['presenceEditor'], '/ETAB'],
    ['participant', ['participant'], '/urnik'],
    ['admin', ['admin'], '/'],
    ['regEditor', ['regEditor'], '/'],
    ['educator', ['educator'], '/'],
    ['mediaEditor', ['mediaEditor'], '/'],
    ['presenceEditor and participant', ['participant', 'presenceEditor'], '/ETAB'],
    ['admin and presenceEditor', ['admin', 'presenceEditor'], '/ETAB'],
    ['admin and participant', ['admin', 'participant'], '/urnik'],
    ['educator and participant', ['educator', 'participant'], '/urnik'],
    ['an unknown role', ['presence-editor'], '/'],
  ])('%s: %j -> %s', (_label, roles, expected) => {
    expect(landingPath(roles ? { roles } : null)).toBe(expected)
  })

  it.each(ROLES)('%s lands on a page it may open', (role) => {
    expect(canVisit({ roles: [role] }, landingPath({ roles: [role] }))).toBe(true)
  })
})
