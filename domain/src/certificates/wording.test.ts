import { describe, expect, it } from 'vitest'
import { certificateWording, longDay, scopeText } from './wording'

const certificate = {
  name: 'Ana Novak',
  scope: { kind: 'year', year: 2 } as const,
  figures: {
    studyDays: 33,
    attended: 30,
    missed: 3,
    madeUp: 3,
    late: 1,
    from: '2024-02-12',
    to: '2024-11-22',
  },
  issuedAt: '2026-11-25T09:00:00.000Z',
  code: 'K7QM-3XPA-9TDE-W2HN',
}

describe('the wording of a certificate', () => {
  it.each([
    ['2026-11-05', 'sl', '5. novembra 2026'],
    ['2026-11-05', 'en', '5 November 2026'],
  ] as const)('%s in %s is %s', (day, lang, expected) => {
    expect(longDay(day, lang)).toBe(expected)
  })

  it('states the person, the scope, the period, the figures, the code in each language', () => {
    const sl = certificateWording(certificate, 'sl', 'https://lfit.si/potrdilo')
    // Words that fit every person: no "obiskoval(a)".
    expect(sl.certifies).toBe('Potrjujemo udeležbo osebe Ana Novak v 2. letniku programa.')
    expect(sl.period).toBe('Obdobje: od 12. februarja 2024 do 22. novembra 2024')
    expect(sl.figures.map((f) => f.value)).toEqual(['33', '30', '3', '3'])
    expect(sl.code).toBe('Koda potrdila: K7QM-3XPA-9TDE-W2HN')
    const en = certificateWording(certificate, 'en', 'https://lfit.si/potrdilo')
    expect(en.certifies).toBe('This certifies that Ana Novak attended Year 2 of the programme.')
    expect(en.issued).toBe('Issued: 25 November 2026')
    expect(scopeText({ kind: 'programme' }, 'sl')).toBe('celoten program')
  })
})
