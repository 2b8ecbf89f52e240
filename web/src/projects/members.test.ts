import { describe, expect, it } from 'vitest'
import { publicUserSchema } from '@lfit/domain/users/user'
import { PROJECTS } from '@lfit/domain/users/user'
import { membersOf, personName, projectsWith } from './members'

const user = (username: string, lastName: string, projects: string[]) =>
  publicUserSchema.parse({ _id: username, username, firstName: 'A', lastName, projects })

describe('project members', () => {
  const users = [
    user('z@x.si', 'Zupan', ['LFIT2025']),
    user('c@x.si', 'Čuk', ['LFIT2025', 'LFIT2024']),
    user('d@x.si', 'Cankar', ['LFIT2025']),
    user('n@x.si', 'Novak', []),
  ]

  it('lists the members of a project by surname, č after c in Slovenian', () => {
    expect(membersOf(users, 'LFIT2025', 'sl').map((u) => u.lastName)).toEqual([
      'Cankar',
      'Čuk',
      'Zupan',
    ])
    expect(membersOf(users, 'LFITATM2025', 'sl')).toEqual([])
  })

  it('names a person by their name, or their username when they have none', () => {
    expect(personName(users[0]!)).toBe('A Zupan')
    expect(personName(publicUserSchema.parse({ _id: 'u', username: 'u@x.si' }))).toBe('u@x.si')
  })

  it.each<[string[] | undefined, string, boolean, string[]]>([
    [undefined, 'LFIT2025', true, ['LFIT2025']],
    [['LFIT2025'], 'LFIT2024', true, ['LFIT2024', 'LFIT2025']],
    [['LFIT2025', 'LFIT2024'], 'LFIT2025', false, ['LFIT2024']],
    [['OLD2019', 'LFIT2025'], 'LFIT2025', false, ['OLD2019']],
    [['LFIT2025'], 'LFIT2025', true, ['LFIT2025']],
  ])('%j with %s %s gives %j', (current, project, member, expected) => {
    expect(projectsWith(current, project, member, PROJECTS)).toEqual(expected)
  })
})
