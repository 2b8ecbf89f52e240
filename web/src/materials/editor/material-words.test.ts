// The material editor's heading says what is being made in both languages: /mediji's "New
// recording" and /projectMedia's "New project material" open an editor headed as such, not
// "New material".
import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import type { MaterialKind } from '@lfit/domain/materials/material'
import { messages as en } from '../../locales/screens/en.po'
import { messages as sl } from '../../locales/screens/sl.po'
import { editorTitle } from './material-words'

const i18nOf = (locale: 'en' | 'sl') =>
  setupI18n({ locale, messages: { [locale]: locale === 'sl' ? sl : en } })

describe('the material editor’s heading', () => {
  it.each([
    ['video', [], true, 'New recording', 'Nov posnetek'],
    ['audio', [], false, 'Edit recording', 'Uredi posnetek'],
    ['document', [], true, 'New material', 'Novo gradivo'],
    ['link', [], false, 'Edit material', 'Uredi gradivo'],
    ['document', ['Mali princ'], true, 'New project material', 'Novo projektno gradivo'],
    ['link', ['Mali princ'], false, 'Edit project material', 'Uredi projektno gradivo'],
    // A project's recording is first of all a recording.
    ['video', ['Mali princ'], true, 'New recording', 'Nov posnetek'],
  ] as [MaterialKind, string[], boolean, string, string][])(
    '%s of projects %j (new: %s): "%s", "%s"',
    (kind, projects, isNew, english, slovenian) => {
      expect(editorTitle(i18nOf('en'), { kind, projects }, isNew)).toBe(english)
      expect(editorTitle(i18nOf('sl'), { kind, projects }, isNew)).toBe(slovenian)
    },
  )
})
