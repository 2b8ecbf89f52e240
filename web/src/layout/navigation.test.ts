import { describe, expect, it } from 'vitest'
import { canVisit } from '@lfit/domain/access/routes'
import { navGroups, quickLinks } from './navigation'

const paths = (user: { roles: string[] } | null) => {
  const groups = navGroups(user)
  return [...groups.programme, ...groups.work, ...groups.print].map((r) => r.path)
}

describe('navigation filtered by roles', () => {
  it('a visitor sees only public pages', () => {
    const visible = paths(null)
    expect(visible).toContain('/urnik')
    expect(visible).not.toContain('/ETAB')
    expect(visible).not.toContain('/photos')
    expect(navGroups(null).work).toEqual([])
  })

  it('every offered page may be opened by the user it is offered to', () => {
    for (const roles of [[], ['participant'], ['presenceEditor'], ['admin'], ['regEditor']]) {
      const user = { roles }
      for (const path of [...paths(user), ...quickLinks(user)]) {
        expect(canVisit(user, path), `${roles.join(',')} ${path}`).toBe(true)
      }
    }
  })

  it('a presence editor gets the electronic tab and absences, not user admin', () => {
    const visible = paths({ roles: ['presenceEditor'] })
    expect(visible).toEqual(expect.arrayContaining(['/ETAB', '/odsotnost', '/prisotnost']))
    expect(visible).not.toContain('/auth/users')
    expect(quickLinks({ roles: ['presenceEditor'] })).toContain('/ETAB')
  })

  it('an admin gets user admin; the menu never lists the pattern or auth pages', () => {
    const visible = paths({ roles: ['admin'] })
    expect(visible).toContain('/auth/users')
    expect(visible).not.toContain('/$name')
    expect(visible).not.toContain('/auth/login')
    expect(quickLinks({ roles: ['admin'] }).length).toBeLessThanOrEqual(5)
  })
})

describe('the menu names each page once', () => {
  it('lists the timetable for printing at one address, not at both of its routes', () => {
    expect(paths(null).filter((path) => /^\/urnik-?prn$|^\/urnik-print$/i.test(path))).toEqual([
      '/urnikPrn',
    ])
  })
})
