// The schedule's words in Slovenian: the programme's block is "Blok" (not the verb "Blokiraj"),
// and the labels the timetable shows for segments and days have their own translations.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * msgid → msgstr of the Slovenian catalogs (single-line entries are enough here); an entry with a
 * context is keyed "context|msgid", as the same English word may have two meanings.
 */
function slovenian(): Map<string, string> {
  // Both catalogs: the app's words and the screens' words (web/build/catalog-groups.ts).
  const text = ['../src/locales/sl.po', '../src/locales/screens/sl.po']
    .map((file) => readFileSync(new URL(file, import.meta.url), 'utf8'))
    .join('\n')
  const entries = text.matchAll(
    /^(?:msgctxt "((?:[^"\\]|\\.)*)"\n)?msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"$/gm,
  )
  return new Map(
    [...entries].map(([, context, id = '', str = '']) => [context ? `${context}|${id}` : id, str]),
  )
}

describe('the schedule in Slovenian', () => {
  const catalog = slovenian()

  it.each([
    ['a block of the timetable|Block', 'Blok'],
    ['Extra material', 'Dodatno gradivo'],
    ['Make-up days', 'Nadomestni dnevi'],
    ['Today', 'Danes'],
    ['Next training day', 'Naslednji dan usposabljanja'],
    ['Venue', 'Lokacija'],
    ['Print', 'Natisni'],
    ['All years', 'Vsi letniki'],
  ])('"%s" is "%s"', (english, slovene) => {
    expect(catalog.get(english)).toBe(slovene)
  })

  it('counts of study days and free days follow Slovenian plural forms', () => {
    const studyDays = [...catalog].find(([id]) => id.includes('# study day}'))?.[1]
    expect(studyDays).toContain('two {# študijska dneva}')
    expect(studyDays).toContain('few {# študijski dnevi}')
    expect(studyDays).toContain('other {# študijskih dni}')
  })

  it('never calls the programme’s block "Blokiraj" (to block a user is another word)', () => {
    const blokiraj = [...catalog].filter(([, text]) => text === 'Blokiraj').map(([id]) => id)
    expect(blokiraj).toEqual(['block a user|Block'])
  })
})
