import { describe, expect, it } from 'vitest'
import { buildSchedule } from './blocks'
import { calendarProblems, everyDayExcept, type DayRange } from './calendar-rules'
import type { BlockDataInput } from './dataSchema'

const VENUE = 'Studio Gibanje, Ljubljana'
const base: BlockDataInput = {
  year: 1,
  segment: 1,
  from: '2026-12-07',
  to: '2026-12-11',
  headerName: 'Segment 1',
  trainer: 'Ana Zorec',
}
const calendar = (...blocks: BlockDataInput[]) => ({ venue: VENUE, blocks })

describe('what an editor is told about a calendar that breaks the rules', () => {
  it.each([
    { label: 'a calendar that keeps every rule', blocks: [base], sl: [], en: [] },
    {
      label: 'two blocks of one year overlapping',
      blocks: [base, { ...base, from: '2026-12-10', to: '2026-12-12' }],
      sl: ['bloka 2026-12-07 in 2026-12-10 se prekrivata'],
      en: ['blocks 2026-12-07 and 2026-12-10 overlap'],
    },
    {
      // Day ids are dates: two blocks of any years may never share one.
      label: 'blocks of two years overlapping',
      blocks: [base, { ...base, year: 2, segment: 4, from: '2026-12-11', to: '2026-12-12' }],
      sl: ['bloka 2026-12-07 in 2026-12-11 se prekrivata'],
      en: ['blocks 2026-12-07 and 2026-12-11 overlap'],
    },
    {
      // The extra-material period has no study days: the next year's blocks are planned in it.
      label: 'a block planned inside the extra-material period',
      blocks: [
        base,
        { ...base, year: 5, segment: 99, from: '2026-12-01', to: '2027-06-30', trainer: '' },
        { ...base, from: '2027-01-11', to: '2027-01-15' },
      ],
      sl: [],
      en: [],
    },
    {
      label: 'a block opening with a free day',
      blocks: [{ ...base, freeDays: ['2026-12-07'] }],
      sl: [
        'blocks.0: blok 2026-12-07: prost dan 2026-12-07 ni znotraj bloka (prvi in zadnji dan sta učna)',
      ],
      en: ['blocks.0: block 2026-12-07: free day 2026-12-07 not strictly inside'],
    },
    {
      label: 'a block closing with a free day',
      blocks: [{ ...base, freeDays: ['2026-12-11'] }],
      sl: [
        'blocks.0: blok 2026-12-07: prost dan 2026-12-11 ni znotraj bloka (prvi in zadnji dan sta učna)',
      ],
      en: ['blocks.0: block 2026-12-07: free day 2026-12-11 not strictly inside'],
    },
    {
      label: 'hours that end before they start',
      blocks: [{ ...base, specialHours: { '2026-12-08': { from: '16:00', to: '10:00' } } }],
      sl: ['blocks.0.specialHours.2026-12-08: ura konca mora biti za uro začetka'],
      en: ['blocks.0.specialHours.2026-12-08: hours end after they start'],
    },
    {
      label: 'an hour written without its leading zero',
      blocks: [{ ...base, specialHours: { '2026-12-08': { from: '9:30', to: '12:00' } } }],
      // '9:30' is no time, and as text it also sorts after '12:00'.
      sl: [
        'blocks.0.specialHours.2026-12-08.from: ura v obliki UU:MM',
        'blocks.0.specialHours.2026-12-08: ura konca mora biti za uro začetka',
      ],
      en: [
        'blocks.0.specialHours.2026-12-08.from: a time HH:MM',
        'blocks.0.specialHours.2026-12-08: hours end after they start',
      ],
    },
    {
      label: 'a date that does not exist',
      blocks: [{ ...base, to: '2026-11-31' }],
      sl: ['blocks.0.to: datum v obliki LLLL-MM-DD'],
      en: ['blocks.0.to: a calendar date YYYY-MM-DD'],
    },
    {
      label: 'a field the calendar does not have',
      blocks: [{ ...base, teacher: 'x' } as BlockDataInput],
      sl: ['blocks.0: neznana polja teacher'],
      en: ['blocks.0: unknown fields teacher'],
    },
  ])('$label', ({ blocks, sl, en }) => {
    const problems = calendarProblems(calendar(...blocks))
    expect(problems.map((p) => p.sl)).toEqual(sl)
    expect(problems.map((p) => p.en)).toEqual(en)
  })
})

describe('Ljubljana time across the changes of summer time', () => {
  // The last Sundays of March and October 2026 are the 29th and the 25th.
  const at = (dayStr: string, days: ReturnType<typeof buildSchedule>['days']) =>
    days.find((day) => day.dayStr === dayStr)
  it.each([
    ['the day before summer time (CET, +1)', '2026-03-28', Date.UTC(2026, 2, 28, 8, 30)],
    ['the day summer time starts (CEST, +2)', '2026-03-29', Date.UTC(2026, 2, 29, 7, 30)],
    ['the day after (CEST)', '2026-03-30', Date.UTC(2026, 2, 30, 7, 30)],
    ['the day before summer time ends (CEST)', '2026-10-24', Date.UTC(2026, 9, 24, 7, 30)],
    ['the day summer time ends (CET again)', '2026-10-25', Date.UTC(2026, 9, 25, 8, 30)],
    ['the day after (CET)', '2026-10-26', Date.UTC(2026, 9, 26, 8, 30)],
  ])('%s: 09:30 on %s', (_label, dayStr, instant) => {
    const built = buildSchedule(
      calendar(
        { ...base, from: '2026-03-27', to: '2026-03-31' },
        { ...base, year: 2, segment: 4, from: '2026-10-23', to: '2026-10-27' },
      ),
    )
    expect(at(dayStr, built.days)).toMatchObject({ fromHour: '09:30', from: instant })
  })

  it.each([
    ['midnight before summer time starts', '2026-03-29', Date.UTC(2026, 2, 28, 23)],
    ['midnight before summer time ends', '2026-10-25', Date.UTC(2026, 9, 24, 22)],
  ])('%s: the date begins at the right instant', (_label, dayStr, instant) => {
    const built = buildSchedule(
      calendar(
        { ...base, from: '2026-03-27', to: '2026-03-31' },
        { ...base, year: 2, segment: 4, from: '2026-10-23', to: '2026-10-27' },
      ),
    )
    expect(at(dayStr, built.days)?.date).toBe(instant)
  })
})

describe('ids stay dates, whoever edits the calendar', () => {
  it.each([
    ['a block as planned', base, 'lfit_year_1_20261207', ['lfit_20261207', 'lfit_20261211']],
    [
      'the same block moved a week later',
      { ...base, from: '2026-12-14', to: '2026-12-18' },
      'lfit_year_1_20261214',
      ['lfit_20261214', 'lfit_20261218'],
    ],
    [
      'a block shortened by a day',
      { ...base, to: '2026-12-10' },
      'lfit_year_1_20261207',
      ['lfit_20261207', 'lfit_20261210'],
    ],
  ])('%s', (_label, block, blockId, [first, last]) => {
    const built = buildSchedule(calendar(block))
    expect(built.blocks[0]?.block_id).toBe(blockId)
    expect(built.days[0]?.id).toBe(first)
    expect(built.days.at(-1)?.id).toBe(last)
  })
})

describe('every day from … to … except …', () => {
  const rest = { year: 1, segment: 1, headerName: 'Segment 1', trainer: 'Ana Zorec' }
  it.each<{ label: string; range: DayRange; expected: Partial<BlockDataInput> | null }>([
    {
      label: 'every day of a week',
      range: { from: '2026-12-07', to: '2026-12-13' },
      expected: { from: '2026-12-07', to: '2026-12-13', freeDays: [] },
    },
    {
      label: 'two weeks except weekends',
      range: { from: '2026-12-07', to: '2026-12-18', exceptWeekdays: [6, 7] },
      expected: { from: '2026-12-07', to: '2026-12-18', freeDays: ['2026-12-12', '2026-12-13'] },
    },
    {
      label: 'a week except a holiday',
      range: { from: '2026-12-21', to: '2026-12-27', exceptDates: ['2026-12-25'] },
      expected: { from: '2026-12-21', to: '2026-12-27', freeDays: ['2026-12-25'] },
    },
    {
      label: 'a range starting and ending on excepted days starts and ends on study days',
      range: { from: '2026-12-05', to: '2026-12-13', exceptWeekdays: [6, 7] },
      expected: { from: '2026-12-07', to: '2026-12-11', freeDays: [] },
    },
    {
      label: 'every date excepted: no block',
      range: { from: '2026-12-12', to: '2026-12-13', exceptWeekdays: [6, 7] },
      expected: null,
    },
    {
      label: 'a range ending before it starts: no block',
      range: { from: '2026-12-13', to: '2026-12-12' },
      expected: null,
    },
    {
      label: 'a date that does not exist: no block',
      range: { from: '2026-02-30', to: '2026-03-02' },
      expected: null,
    },
  ])('$label', ({ range, expected }) => {
    const block = everyDayExcept(range, rest)
    if (expected === null) expect(block).toBeNull()
    else {
      expect(block).toMatchObject({ ...rest, ...expected })
      // What it makes is a block the calendar accepts.
      expect(calendarProblems(calendar(block as BlockDataInput))).toEqual([])
    }
  })
})
