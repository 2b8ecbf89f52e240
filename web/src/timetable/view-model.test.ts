import { describe, expect, it } from 'vitest'
import { zonedTimeToEpoch } from '@lfit/domain/schedule'
import {
  printSearchSchema,
  printedYears,
  segmentKind,
  timetable,
  timetableSearchSchema,
  type DayRow,
  type Timetable,
  type TimetableRow,
} from './view-model'

const at = (day: string, hour = '12:00') => zonedTimeToEpoch(day, hour)
const blocksOf = (rows: TimetableRow[]) => rows.filter((r) => r.kind === 'block')
/** Every day row shown, over all tables. */
const daysShown = (view: Timetable): DayRow[] =>
  view.tables.flatMap((t) => t.rows.flatMap((r) => (r.kind === 'block' ? r.days : [])))

describe('timetable view model', () => {
  it('defaults to year 4, segment 12 on 2026-11-22', () => {
    const view = timetable(at('2026-11-22'), {})
    expect([view.year, view.segment, view.view]).toEqual([4, 12, 'segment'])
    expect(view.tables).toHaveLength(1)
  })

  it('a DST week: 2024-10-27 (end of summer time) keeps its Ljubljana hours', () => {
    const view = timetable(at('2026-11-22'), { year: 2, segment: 6 })
    const [first] = blocksOf(view.tables[0]!.rows)
    const days = first!.kind === 'block' ? first!.days : []
    expect(days.map((d) => [d.dayStr, d.hours])).toEqual([
      ['2024-10-24', '14:00–18:00'],
      ['2024-10-25', '09:30–16:30'],
      ['2024-10-26', '09:30–16:30'],
      ['2024-10-27', '09:30–16:30'],
      ['2024-10-28', '09:30–14:00'],
    ])
  })

  it('a free day inside a block has no hours and no day number', () => {
    const view = timetable(at('2026-11-22'), { year: 1, segment: 2 })
    const block = view.tables[0]!.rows[0]!
    const free =
      block.kind === 'block' ? block.days.find((d) => d.dayStr === '2023-07-08') : undefined
    expect(free).toMatchObject({ free: true, hours: null, dayInBlock: null })
  })

  it('a gap row stands between the two blocks of a segment', () => {
    const view = timetable(at('2026-11-22'), { year: 1, segment: 1 })
    expect(view.tables[0]!.rows.map((r) => r.kind)).toEqual(['block', 'gap', 'block'])
    const gap = view.tables[0]!.rows[1]!
    expect(gap.kind === 'gap' && [gap.gap.from, gap.gap.to]).toEqual(['2023-04-22', '2023-05-21'])
  })

  it('the make-up block 21 is listed in year 2 with its flag and default hours', () => {
    const view = timetable(at('2026-11-22'), { year: 2, segment: 21 })
    const block = view.tables[0]!.rows[0]!
    expect(block.kind === 'block' && block.block.makeup).toBe(true)
    expect(block.kind === 'block' && block.days.every((d) => !d.specialHours)).toBe(true)
  })

  it('segment 99 (extra material, alwaysShow) is listed in every year but never the default', () => {
    for (const year of [1, 4]) {
      const view = timetable(at('2027-07-10'), { year })
      expect(view.segments.map((s) => s.segment)).toContain(99)
    }
    expect(timetable(at('2027-07-10'), {}).segment).not.toBe(99)
  })

  it.each([
    ['a Saturday between blocks: the next block’s first day', at('2026-06-06'), '2026-06-08'],
    [
      'the weekend after the last block: none (extra material is not training)',
      at('2026-11-21'),
      undefined,
    ],
    ['during a block, before the day ends: that same day', at('2026-11-17', '10:00'), '2026-11-17'],
    ['after the last day: none', at('2027-07-01'), undefined],
  ])('next-day view — %s', (_label, now, expected) => {
    expect(timetable(now, { view: 'next' }).nextDay?.dayStr).toBe(expected)
  })

  it('the year view lists every segment of the year', () => {
    const view = timetable(at('2026-11-22'), { year: 3, view: 'year' })
    expect(view.tables.map((t) => t.listing.segment)).toEqual([7, 8, 9, 99])
  })

  it.each([
    ['a year that does not exist', { year: '9' }, { year: undefined }],
    ['text instead of a number', { segment: 'abc' }, { segment: undefined }],
    ['an unknown view', { view: 'pdf' }, { view: undefined }],
    [
      'good values',
      { year: '2', segment: '5', view: 'year' },
      { year: 2, segment: 5, view: 'year' },
    ],
  ])('URL search with %s falls back cleanly', (_label, raw, parsed) => {
    expect(timetableSearchSchema.parse(raw)).toMatchObject(parsed)
  })

  it('a segment that is not in the chosen year falls back to that year’s first segment', () => {
    const view = timetable(at('2026-11-22'), { year: 1, segment: 12 })
    expect([view.year, view.segment]).toEqual([1, 1])
  })
})

describe('segment 99 on the timetable: a period of extra material, not study days', () => {
  it.each([
    ['its own segment view', { year: 5, segment: 99 }],
    ['listed in another year (alwaysShow)', { year: 4, segment: 99 }],
    ['the year view', { year: 1, view: 'year' as const }],
    ['the overview', { year: 4, view: 'header' as const }],
  ])('%s: one period row, no days', (_label, search) => {
    const view = timetable(at('2027-01-15'), search)
    const table = view.tables.find((t) => t.listing.segment === 99)
    expect(table?.rows.map((r) => r.kind)).toEqual(['period'])
    const period = table?.rows[0]
    expect(period?.kind === 'period' && [period.block.from, period.block.to]).toEqual([
      '2026-12-01',
      '2027-06-30',
    ])
    expect(period?.kind === 'period' && period.block.numStudyDays).toBe(0)
    expect(daysShown(view).filter((d) => d.dayStr >= '2026-12-01')).toEqual([])
  })

  it('is never the day marked today or next, even during the period', () => {
    const view = timetable(at('2027-01-15'), { year: 5, view: 'year' })
    expect(view.nextDay).toBeUndefined()
    expect(daysShown(view).filter((d) => d.today || d.next)).toEqual([])
  })

  it.each([
    ['a regular segment', { segment: 12, extraMaterial: false }, 'regular'],
    ['the make-up segment', { segment: 21, extraMaterial: false }, 'makeup'],
    ['the extra-material segment', { segment: 99, extraMaterial: true }, 'extraMaterial'],
  ] as const)('%s is named as %s', (_label, listing, kind) => {
    expect(segmentKind(listing)).toBe(kind)
  })
})

describe('today and the next training day are marked', () => {
  const marked = (view: Timetable) => ({
    today: daysShown(view)
      .filter((d) => d.today)
      .map((d) => d.dayStr),
    next: daysShown(view)
      .filter((d) => d.next)
      .map((d) => d.dayStr),
  })

  it.each([
    [
      'during a study day: today only (it is also the next)',
      at('2026-11-17', '10:00'),
      { today: ['2026-11-17'], next: [] },
    ],
    [
      'after today’s training ended: today and tomorrow as next',
      at('2026-11-17', '17:00'),
      { today: ['2026-11-17'], next: ['2026-11-18'] },
    ],
    [
      'the evening before a block: tomorrow is next, today is no day of the block',
      at('2026-11-15', '20:00'),
      { today: [], next: ['2026-11-16'] },
    ],
    [
      'after the last block: today is not listed, nothing is next',
      at('2026-11-25', '10:00'),
      { today: [], next: [] },
    ],
  ])('%s', (_label, now, expected) => {
    expect(marked(timetable(now, { year: 4, segment: 12 }))).toEqual(expected)
  })

  it('a free day can be today', () => {
    const view = timetable(at('2023-07-08'), { year: 1, segment: 2 })
    expect(daysShown(view).filter((d) => d.today)).toEqual([
      expect.objectContaining({ dayStr: '2023-07-08', free: true }),
    ])
    expect(marked(view).next).toEqual(['2023-07-09'])
  })

  it('marks at most one today and one next over the whole year view', () => {
    const view = timetable(at('2026-06-05', '17:00'), { year: 4, view: 'year' })
    expect(marked(view)).toEqual({ today: ['2026-06-05'], next: ['2026-06-08'] })
  })
})

describe('the next training day above the timetable', () => {
  it.each([
    ['in the segment shown', { year: 4, segment: 12 }, true],
    ['in the year shown', { year: 4, view: 'year' as const }, true],
    ['in another segment', { year: 4, segment: 11 }, false],
    ['in another year', { year: 1 }, false],
  ])('%s', (_label, search, shown) => {
    const view = timetable(at('2026-11-17', '10:00'), search)
    expect(view.nextDay?.dayStr).toBe('2026-11-17')
    expect(view.nextDayShown).toBe(shown)
    expect(view.nextDayVenue).toBe('Studio Gibanje, Ljubljana')
  })
})

describe('the venue', () => {
  it('is the programme’s, from the schedule data, and every block has one', () => {
    const view = timetable(at('2026-11-22'), { year: 4, view: 'year' })
    expect(view.venue).toBe('Studio Gibanje, Ljubljana')
    for (const table of view.tables) {
      for (const row of table.rows) {
        if (row.kind !== 'gap') expect(row.block.venue).toBe(view.venue)
      }
    }
  })
})

describe('the years of the print view, from its URL', () => {
  it.each([
    ['no year: every year', {}, [1, 2, 3, 4, 5]],
    ['year 2', { year: '2' }, [2]],
    ['year 5, the extra material alone', { year: '5' }, [5]],
    ['a year that does not exist: every year', { year: '9' }, [1, 2, 3, 4, 5]],
    ['text: every year', { year: 'all' }, [1, 2, 3, 4, 5]],
  ])('%s', (_label, raw, years) => {
    expect(printedYears(printSearchSchema.parse(raw))).toEqual(years)
  })
})
