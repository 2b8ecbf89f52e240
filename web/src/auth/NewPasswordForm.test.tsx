// The link page's form speaks of choosing a password for a welcome link and of a new password
// for a reset, in both languages, and carries the account's name for the password manager.
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { messages as en } from '../locales/en.po'
import { messages as sl } from '../locales/sl.po'
import { NewPasswordForm } from './NewPasswordForm'

function render(locale: 'en' | 'sl', purpose: 'welcome' | 'reset') {
  const i18n = setupI18n({ locale, messages: { [locale]: locale === 'sl' ? sl : en } })
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <NewPasswordForm purpose={purpose} username="ana@example.com" onSave={async () => null} />
    </I18nProvider>,
  )
}

describe('the set-password form', () => {
  it.each([
    ['en', 'welcome', 'Choose the password you will log in with as', 'Save my password'],
    ['sl', 'welcome', 'Izberite geslo, s katerim se boste prijavljali kot', 'Shrani geslo'],
    ['en', 'reset', 'Choose a new password for', 'Save new password'],
    ['sl', 'reset', 'Izberite novo geslo za', 'Shrani novo geslo'],
  ] as const)('%s, %s link: its own words', (locale, purpose, intro, button) => {
    const html = render(locale, purpose)
    expect(html).toContain(intro)
    expect(html).toContain(`>${button}</button>`)
    expect(html).toContain('<strong>ana@example.com</strong>')
    expect(html).toMatch(/<input type="hidden" autoComplete="username"[^>]*value="ana@example.com"/)
    expect(html.match(/autoComplete="new-password"/gi)).toHaveLength(2)
  })
})
