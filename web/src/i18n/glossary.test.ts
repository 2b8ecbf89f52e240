// The product's Slovenian words (docs/product-rules.md#words), checked in the real catalogs: one
// word per thing (a bare "Prijava" is the login and nothing else), and no word that guesses the
// person's gender ("obiskoval(a)", "Prisoten"): the user record says nothing about it.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

interface Entry {
  context: string | null
  id: string
  sl: string
}

/** The catalog's entries: msgctxt, msgid, msgstr (one line each, as `npm run extract` writes). */
function entries(path: string): Entry[] {
  const text = readFileSync(new URL(path, import.meta.url), 'utf8')
  const found: Entry[] = []
  const entry =
    /(?:msgctxt "((?:[^"\\]|\\.)*)"\n)?msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/g
  for (const [, context, id, sl] of text.matchAll(entry)) {
    if (id) found.push({ context: context ?? null, id, sl: sl ?? '' })
  }
  return found
}

const SL = [...entries('../locales/sl.po'), ...entries('../locales/screens/sl.po')]

describe('the Slovenian glossary', () => {
  it.each([
    ['logging in', null, 'Log in', 'Prijava'],
    ['sending a day sign-up', null, 'Sign up', 'Pošlji prijavo'],
    ['signing up for a make-up session', 'make-up session', 'Sign up', 'Prijavi se'],
    ['the applications to the programme', null, 'Applications', 'Vloge'],
    ['an application sent', 'application history', 'Applied', 'Vloga oddana'],
    ['the timetable on paper', null, 'Timetable for printing', 'Urnik za tiskanje'],
    ['the mark "present"', null, 'Present', 'Prisotnost'],
    ['the mark "absent"', null, 'Absent', 'Odsotnost'],
    ['the days attended', null, 'Attended', 'Prisotnost'],
    [
      'a segment of a year',
      null,
      'Segment {segment} (year {year})',
      'Segment {segment} ({year}. letnik)',
    ],
  ])('%s: %j %j is %j in every catalog', (_thing, context, id, word) => {
    const found = SL.filter((entry) => entry.id === id && entry.context === context)
    expect(found.length).toBeGreaterThan(0)
    for (const entry of found) expect(entry.sl).toBe(word)
  })

  it('a bare "Prijava" or "Prijave" names the login only', () => {
    const others = SL.filter((e) => /^Prijav[ae]$/.test(e.sl) && e.id !== 'Log in')
    expect(others).toEqual([])
  })

  it('the timetable for printing has one name', () => {
    expect(SL.filter((e) => /^Urnik za tisk/.test(e.sl)).map((e) => e.sl)).toEqual(
      expect.arrayContaining(['Urnik za tiskanje']),
    )
    expect(SL.filter((e) => /^Urnik za tisk(?!anje)/.test(e.sl))).toEqual([])
  })

  it('no word guesses a gender with "(a)"', () => {
    expect(SL.filter((e) => /\p{L}\((a|-a|ka)\)/u.test(e.sl))).toEqual([])
  })

  it('a mark is never a masculine adjective', () => {
    expect(SL.filter((e) => /^(Prisoten|Odsoten|Opravičen)$/.test(e.sl))).toEqual([])
  })
})
