import { describe, expect, it } from 'vitest'
import { buildSchedule } from './blocks'
import {
  changeSummary,
  checkMove,
  dayWorkInWords,
  undoSummary,
  type BlockNaming,
  keepProblem,
  removedStudyDays,
  type DayWork,
  type MarkOnDay,
} from './calendar-changes'
import type { BlockDataInput } from './dataSchema'

const base: BlockDataInput = {
  year: 1,
  segment: 1,
  from: '2026-12-07',
  to: '2026-12-11',
  headerName: 'Segment 1',
  trainer: 'Ana Zorec',
}
const later: BlockDataInput = { ...base, from: '2026-12-14', to: '2026-12-18' }
const calendar = (...blocks: BlockDataInput[]) =>
  buildSchedule({ venue: 'Studio Gibanje, Ljubljana', blocks })
const BEFORE = calendar(base, later)

describe('which study days a change removes', () => {
  it.each([
    { label: 'nothing changed', after: [base, later], removed: [] },
    { label: 'a day added at the end', after: [{ ...base, to: '2026-12-12' }, later], removed: [] },
    {
      label: 'the last day cut off',
      after: [{ ...base, to: '2026-12-10' }, later],
      removed: ['2026-12-11'],
    },
    {
      label: 'a day made a free day',
      after: [{ ...base, freeDays: ['2026-12-09'] }, later],
      removed: ['2026-12-09'],
    },
    {
      label: 'a block deleted',
      after: [later],
      removed: ['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11'],
    },
    {
      label: 'a block moved by two days',
      after: [{ ...base, from: '2026-12-09', to: '2026-12-13' }, later],
      removed: ['2026-12-07', '2026-12-08'],
    },
  ])('$label', ({ after, removed }) => {
    expect(removedStudyDays(BEFORE, calendar(...after)).map((day) => day.dayStr)).toEqual(removed)
  })
})

const work = (day: string, attendance: number, more: Partial<DayWork> = {}): DayWork => ({
  day,
  attendance,
  absences: 0,
  makeupSessions: 0,
  signups: 0,
  ...more,
})

describe('recorded work in words', () => {
  it.each([
    [
      'one mark',
      work('2026-12-04', 1),
      'Na dan 4. 12. 2026 je vpisano: 1 prisotnost.',
      'Recorded on 4 Dec 2026: 1 attendance mark.',
    ],
    [
      'twelve marks and two absences',
      work('2026-12-04', 12, { absences: 2 }),
      'Na dan 4. 12. 2026 je vpisano: 12 prisotnosti, 2 odsotnosti.',
      'Recorded on 4 Dec 2026: 12 attendance marks, 2 absences.',
    ],
    [
      'sessions and sign-ups, with the Slovenian forms for 2, 3 and 5',
      work('2026-03-29', 0, { makeupSessions: 3, signups: 5 }),
      'Na dan 29. 3. 2026 je vpisano: 3 nadomeščanja, 5 prijav.',
      'Recorded on 29 Mar 2026: 3 make-up sessions, 5 sign-ups or reservations.',
    ],
    [
      'two sessions and two sign-ups',
      work('2026-03-29', 0, { makeupSessions: 2, signups: 2 }),
      'Na dan 29. 3. 2026 je vpisano: 2 nadomeščanji, 2 prijavi.',
      'Recorded on 29 Mar 2026: 2 make-up sessions, 2 sign-ups or reservations.',
    ],
  ])('%s', (_label, day, sl, en) => {
    expect(dayWorkInWords(day)).toEqual({ sl, en })
  })
})

describe('keeping removed days as days without training', () => {
  it.each([
    {
      label: 'a day made free stays in its block: kept',
      after: [{ ...base, freeDays: ['2026-12-09'] }, later],
      work: [work('2026-12-09', 3)],
      refused: false,
    },
    {
      label: 'a day cut off the block is in no block: refused',
      after: [{ ...base, to: '2026-12-10' }, later],
      work: [work('2026-12-11', 3)],
      refused: true,
    },
    {
      label: 'a day cut off without work needs nothing',
      after: [{ ...base, to: '2026-12-10' }, later],
      work: [work('2026-12-11', 0)],
      refused: false,
    },
  ])('$label', ({ after, work: days, refused }) => {
    const problem = keepProblem(days, calendar(...after))
    expect(problem !== null).toBe(refused)
    if (problem) expect(problem.sl).toContain('11. 12. 2026')
  })
})

describe('moving the work of a removed day', () => {
  // The block loses its Friday; Ana and Bor were marked on it, Bor also on Thursday.
  const after = calendar({ ...base, to: '2026-12-10' }, later)
  const removed = removedStudyDays(BEFORE, after)
  const friday = [work('2026-12-11', 2)]
  const marks: MarkOnDay[] = [
    { dayId: 'lfit_20261211', participant: 'ana' },
    { dayId: 'lfit_20261211', participant: 'bor' },
    { dayId: 'lfit_20261210', participant: 'bor' },
  ]
  it.each<{ label: string; to: Record<string, string>; outcome: object }>([
    {
      label: 'to a study day where nobody is marked yet',
      to: { '2026-12-11': '2026-12-14' },
      outcome: { ok: true, moves: [{ from: 'lfit_20261211', to: 'lfit_20261214' }] },
    },
    {
      label: 'to a day where one of them is marked already: refused with the count',
      to: { '2026-12-11': '2026-12-10' },
      outcome: { ok: false, code: 'moveCollision', collisions: [{ day: '2026-12-10', people: 1 }] },
    },
    {
      label: 'to a date outside every block',
      to: { '2026-12-11': '2026-12-12' },
      outcome: { ok: false, code: 'invalidMove' },
    },
    {
      label: 'from a day that stays a study day',
      to: { '2026-12-11': '2026-12-14', '2026-12-09': '2026-12-15' },
      outcome: { ok: false, code: 'invalidMove' },
    },
    {
      label: 'without a new day for the day with work',
      to: {},
      outcome: { ok: false, code: 'invalidMove' },
    },
  ])('$label', ({ to, outcome }) => {
    expect(checkMove(to, removed, friday, after, marks)).toMatchObject(outcome)
  })

  it('two removed days moved onto one day: a person marked on both is counted once', () => {
    const shorter = calendar({ ...base, to: '2026-12-09' }, later)
    const gone = removedStudyDays(BEFORE, shorter)
    const check = checkMove(
      { '2026-12-10': '2026-12-14', '2026-12-11': '2026-12-14' },
      gone,
      [work('2026-12-10', 1), work('2026-12-11', 2)],
      shorter,
      marks,
    )
    expect(check).toMatchObject({
      ok: false,
      code: 'moveCollision',
      collisions: [{ day: '2026-12-14', people: 1 }],
    })
  })
})

describe('a change in the history, in both languages', () => {
  it.each([
    [
      'a block created',
      changeSummary('create', {
        headerName: 'Segment 12',
        year: 4,
        from: '2026-11-23',
        to: '2026-11-27',
      }),
      'Nov blok: Segment 12, 4. letnik, 23. 11. 2026–27. 11. 2026',
      'New block: Segment 12, year 4, 23 Nov 2026–27 Nov 2026',
    ],
    [
      'a block with its own venue deleted',
      changeSummary('delete', {
        headerName: 'Segment 1',
        year: 1,
        from: '2026-12-07',
        to: '2026-12-11',
        venue: 'Dvorana, Maribor',
      } as BlockNaming),
      'Izbrisan blok: Segment 1, 1. letnik, 7. 12. 2026–11. 12. 2026',
      'Block deleted: Segment 1, year 1, 7 Dec 2026–11 Dec 2026',
    ],
    [
      "the programme's venue",
      changeSummary('programme', { venue: 'Studio Gibanje, Maribor' }),
      'Kraj programa: Studio Gibanje, Maribor',
      'Programme venue: Studio Gibanje, Maribor',
    ],
    [
      'an undo',
      undoSummary({ sl: 'Nov blok: X', en: 'New block: X' }),
      'Razveljavljeno: Nov blok: X',
      'Undone: New block: X',
    ],
  ])('%s', (_label, summary, sl, en) => {
    expect(summary).toEqual({ sl, en })
  })
})
