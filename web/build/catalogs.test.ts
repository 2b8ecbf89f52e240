// Every message has its Slovenian translation, and both catalogs hold the same messages with the
// same placeholders. (The catalogs come from `lingui extract`; the keys are never edited by hand.)
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

interface Entry {
  id: string
  translation: string
}

/** The msgid/msgstr pairs of a .po file (continuation lines joined, escapes undone). */
function readPo(language: string): Entry[] {
  const text = readFileSync(new URL(`../src/locales/${language}.po`, import.meta.url), 'utf8')
  const entries: Entry[] = []
  let field: 'id' | 'translation' | null = null
  let current: Entry | null = null
  const unquote = (quoted: string) => JSON.parse(quoted) as string
  for (const line of text.split(/\r?\n/)) {
    const start = /^(msgid|msgstr) (".*")$/.exec(line)
    if (start) {
      if (start[1] === 'msgid') {
        current = { id: unquote(start[2] as string), translation: '' }
        entries.push(current)
        field = 'id'
      } else if (current) {
        current.translation = unquote(start[2] as string)
        field = 'translation'
      }
    } else if (/^".*"$/.test(line) && current && field) {
      current[field] += unquote(line)
    } else {
      field = null
    }
  }
  return entries.filter((entry) => entry.id !== '')
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('message catalogs', () => {
  const sl = readPo('sl')
  const en = readPo('en')

  it('hold messages', () => {
    expect(sl.length).toBeGreaterThan(50)
  })

  it('every message has a Slovenian translation', () => {
    const missing = sl.filter((entry) => entry.translation.trim() === '').map((entry) => entry.id)
    expect(missing, `untranslated in sl.po: ${missing.join(' | ')}`).toEqual([])
  })

  it('English and Slovenian hold the same messages', () => {
    expect(sl.map((entry) => entry.id).sort()).toEqual(en.map((entry) => entry.id).sort())
  })

  it('translations keep the placeholders of their message', () => {
    for (const entry of sl) {
      expect(placeholders(entry.translation), entry.id).toEqual(placeholders(entry.id))
    }
  })
})
