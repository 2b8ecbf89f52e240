import { describe, expect, it } from 'vitest'
import { zonedTimeToEpoch } from '@lfit/domain/schedule'
import { timetable, timetableSearchSchema, type TimetableRow } from './view-model'

const at = (day: string, hour = '12:00') => zonedTimeToEpoch(day, hour)
const blocksOf = (rows: TimetableRow[]) => rows.filter((r) => r.kind === 'block')

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
