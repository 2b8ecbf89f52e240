import { describe, expect, it } from 'vitest'
import { educatorChoices, searchUsers, sortByUsername } from './user-list'

const users = [
  { username: 'zala@demo.test', firstName: 'Zala', lastName: 'Novak', roles: ['participant'] },
  {
    username: 'Ana@demo.test',
    firstName: 'Ana',
    lastName: 'Kos',
    roles: ['educator'],
    projects: ['LFIT2024'],
  },
  { username: 'bor@demo.test', firstName: 'Bor', lastName: 'Zupan', roles: ['admin', 'educator'] },
] as const

describe('user list', () => {
  it('sorts by username, ignoring case', () => {
    expect(sortByUsername(users).map((u) => u.username)).toEqual([
      'Ana@demo.test',
      'bor@demo.test',
      'zala@demo.test',
    ])
  })

  it('searches names, usernames, roles and projects; every word must match', () => {
    expect(searchUsers(users, 'novak').map((u) => u.firstName)).toEqual(['Zala'])
    expect(searchUsers(users, 'EDUCATOR').length).toBe(2)
    expect(searchUsers(users, 'educator zupan').map((u) => u.firstName)).toEqual(['Bor'])
    expect(searchUsers(users, 'lfit2024').map((u) => u.firstName)).toEqual(['Ana'])
    expect(searchUsers(users, '  ').length).toBe(3)
    expect(searchUsers(users, 'nobody')).toEqual([])
  })

  it('finds a role by the name the list shows for it', () => {
    const names: Record<string, string> = { educator: 'Izobraževalec', admin: 'Skrbnik' }
    const name = (role: string) => names[role] ?? role
    expect(searchUsers(users, 'skrbnik', name).map((u) => u.firstName)).toEqual(['Bor'])
    expect(searchUsers(users, 'izobraževalec', name).length).toBe(2)
  })

  it('offers the educators for showOnlyEducators', () => {
    expect(educatorChoices(users)).toEqual([
      { value: 'Ana@demo.test', label: 'Ana Kos' },
      { value: 'bor@demo.test', label: 'Bor Zupan' },
    ])
  })
})
