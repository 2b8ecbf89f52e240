import { describe, expect, it } from 'vitest'
import { educatorChoices, sortByUsername, userListFilter, userListQuery } from './user-list'

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

  it.each([
    ['nothing', {}, { search: '', role: '', status: '', page: 0 }],
    [
      'every part',
      { iskanje: 'Ana', vloga: 'educator', stanje: 'blocked', stran: '3' },
      { search: 'Ana', role: 'educator', status: 'blocked', page: 2 },
    ],
    ['a role that is none', { vloga: 'owner' }, { search: '', role: '', status: '', page: 0 }],
    ['a status that is none', { stanje: 'deleted' }, { search: '', role: '', status: '', page: 0 }],
    ['a page that is not one', { stran: '-2' }, { search: '', role: '', status: '', page: 0 }],
    ['a page in words', { stran: 'two' }, { search: '', role: '', status: '', page: 0 }],
  ])('reads the list from its address: %s', (_, address, filter) => {
    expect(userListFilter(address)).toEqual(filter)
  })

  it.each([
    ['no filter: everyone', { search: '', role: '', status: '' }, {}],
    ['a role', { search: '', role: 'educator', status: '' }, { roles: 'educator' }],
    ['blocked', { search: '', role: '', status: 'blocked' }, { status: 'blocked' }],
    // A user stored without a status has never been blocked.
    ['active', { search: '', role: '', status: 'active' }, { status: { $ne: 'blocked' } }],
    [
      'a word, searched as literal text in names, e-mail and projects',
      { search: 'a.b', role: '', status: '' },
      {
        $or: [
          ...['firstName', 'lastName', 'accname', 'email', 'projects'].map((field) => ({
            [field]: { $regex: 'a\\.b', $options: 'i' },
          })),
          { username: 'a.b' },
        ],
      },
    ],
  ] as const)('asks the server for %s', (_, filter, query) => {
    expect(userListQuery(filter)).toEqual(query)
  })

  it('asks for every word and the role together, at most five words', () => {
    const query = userListQuery({
      search: 'one two three four five six',
      role: 'admin',
      status: '',
    })
    const clauses = (query as { $and: Record<string, unknown>[] }).$and
    expect(clauses).toHaveLength(6)
    expect(clauses.at(-1)).toEqual({ roles: 'admin' })
  })

  it('offers the educators for showOnlyEducators', () => {
    expect(educatorChoices(users)).toEqual([
      { value: 'Ana@demo.test', label: 'Ana Kos' },
      { value: 'bor@demo.test', label: 'Bor Zupan' },
    ])
  })
})
