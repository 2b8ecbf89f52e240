// Every role of the domain has a readable name in both languages, and no two roles share one.
import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { ROLES } from '@lfit/domain/access/roles'
import { messages as en } from '../locales/en.po'
import { messages as sl } from '../locales/sl.po'
import { roleName, roleNames } from './role-names'

const i18n = {
  en: setupI18n({ locale: 'en', messages: { en } }),
  sl: setupI18n({ locale: 'sl', messages: { sl } }),
}

describe('role names', () => {
  for (const [locale, catalog] of Object.entries(i18n)) {
    it.each(ROLES)(`${locale}: %s has a readable name`, (role) => {
      const name = roleName(catalog, role)
      expect(name).not.toBe(role)
      expect(name).toMatch(/^\p{Lu}[\p{L} -]+$/u)
    })

    it(`${locale}: no two roles share a name`, () => {
      const names = ROLES.map((role) => roleName(catalog, role))
      expect(new Set(names).size).toBe(ROLES.length)
    })
  }

  it('names roles in Slovenian', () => {
    expect(roleNames(i18n.sl, ['presenceEditor', 'participant'])).toBe(
      'Urejevalec prisotnosti, Udeleženec',
    )
    expect(roleNames(i18n.en, ['presenceEditor', 'participant'])).toBe(
      'Presence editor, Participant',
    )
  })

  it('shows a role this build does not know as stored', () => {
    expect(roleName(i18n.en, 'futureRole')).toBe('futureRole')
  })
})
