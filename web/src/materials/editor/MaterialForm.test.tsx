// The material form in both languages: every field an editor needs, named in the UI language,
// and a link asks for its address where other kinds take files.
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { emptyMaterial, type MaterialRecord } from '@lfit/domain/materials/material'
import { messages as enApp } from '../../locales/en.po'
import { messages as enScreens } from '../../locales/screens/en.po'
import { messages as slApp } from '../../locales/sl.po'
import { messages as slScreens } from '../../locales/screens/sl.po'
import { MaterialForm } from './MaterialForm'

// The app's words and the screens' words, as the router loads both for these screens.
const en = { ...enApp, ...enScreens }
const sl = { ...slApp, ...slScreens }

// The build's id is defined by Vite at build time; the upload field reads the update module.
vi.hoisted(() => {
  ;(globalThis as { __BUILD_ID__?: string }).__BUILD_ID__ = 'test'
})

function render(locale: 'en' | 'sl', draft: MaterialRecord, problems = {}) {
  const i18n = setupI18n({ locale, messages: { [locale]: locale === 'sl' ? sl : en } })
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <MaterialForm
        draft={draft}
        change={() => undefined}
        problems={problems}
        educatorNames={['Ana Novak']}
        onUploading={() => undefined}
        onUploads={() => undefined}
      />
    </I18nProvider>,
  )
}

const material = { ...emptyMaterial('m1'), titleSl: 'Dihanje', years: [5], segments: [99] }

describe('the material form', () => {
  it.each([
    ['en', ['Title (Slovenian)', 'Title (English)', 'Add files…', 'Extra material', 'Year 5']],
    [
      'sl',
      [
        'Naslov (slovensko)',
        'Naslov (angleško)',
        'Dodaj datoteke …',
        'Dodatno gradivo',
        '5. letnik',
      ],
    ],
  ] as const)('%s: names every field in the language', (locale, words) => {
    const html = render(locale, material)
    for (const word of words) expect(html).toContain(word)
    expect(html).toContain('value="Dihanje"')
    expect(html).not.toContain('name="url"')
  })

  it('a link asks for its web address instead of files', () => {
    const html = render('en', { ...material, kind: 'link', url: 'https://example.org' })
    expect(html).toContain('name="url"')
    expect(html).not.toContain('Add files…')
  })

  it('shows a problem beside its field, in the language', () => {
    const html = render('sl', { ...material, titleSl: '' }, { title: 'titleMissing' })
    expect(html).toContain('Gradivu dajte naslov vsaj v enem jeziku.')
    expect(html).toContain('aria-invalid="true"')
  })
})
