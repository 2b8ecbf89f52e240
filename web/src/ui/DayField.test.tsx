// The date field shows and hints the app's own day-first format in each language, never a
// browser date control whose order follows the browser's locale.
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { messages as en } from '../locales/en.po'
import { messages as sl } from '../locales/sl.po'
import { DayField } from './DayField'

function render(locale: 'en' | 'sl', value: string) {
  const i18n = setupI18n({ locale, messages: { [locale]: locale === 'sl' ? sl : en } })
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <DayField label="From" name="fromDay" value={value} onChange={() => undefined} />
    </I18nProvider>,
  )
}

describe('DayField', () => {
  it.each([
    ['en', 'value="Tue 17 Nov 2026"', 'Day, month, year, e.g. 17 Nov 2026'],
    ['sl', 'value="tor., 17. 11. 2026"', 'Dan, mesec, leto, npr. 17. 11. 2026'],
  ] as const)('%s: shows the day in the language and hints the format', (locale, value, hint) => {
    const html = render(locale, '2026-11-17')
    expect(html).toContain(value)
    expect(html).toContain(hint)
    expect(html).toContain('type="text"')
    expect(html).not.toContain('type="date"')
  })

  it('starts empty when no day is chosen', () => {
    expect(render('en', '')).toContain('value=""')
  })
})
