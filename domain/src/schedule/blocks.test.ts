import { describe, expect, it } from 'vitest'
import { buildSchedule, type TrainingBlock } from './blocks'
import { schedule } from './current'
import type { BlockDataInput, ScheduleDataInput } from './dataSchema'
import { EXTRA_MATERIAL_SEGMENT, MAKEUP_SEGMENT, REGULAR_SEGMENTS } from './programme'

function block(from: string): TrainingBlock {
  const found = schedule().blocks.find((b) => b.from === from)
  if (!found) throw new Error(`no block starts ${from}`)
  return found
}

describe('training blocks of the fixed schedule', () => {
  it.each([
    ['year 1, segment 1', '2023-04-17', 'lfit_year_1_20230417', 5, 5, 0],
    ['a block with a free day', '2023-07-03', 'lfit_year_1_20230703', 9, 10, 1],
    ['a 4-day block', '2025-04-22', 'lfit_year_3_20250422', 4, 4, 0],
    ['the make-up block', '2024-09-02', 'lfit_year_2_20240902', 3, 3, 0],
    ['the block across the end of summer time', '2024-10-24', 'lfit_year_2_20241024', 5, 5, 0],
    ['extra material: a period, no days', '2026-12-01', 'lfit_year_5_20261201', 0, 0, 0],
  ])('%s', (_label, from, id, numStudyDays, numCalendarDays, numFreeDays) => {
    const found = block(from)
    expect(found).toMatchObject({ block_id: id, numStudyDays, numCalendarDays, numFreeDays })
    expect(found.days).toHaveLength(numCalendarDays)
    expect(found.days.every((d) => d.block_id === id)).toBe(true)
  })

  it.each([
    ['an ordinary block', '2023-04-17', { makeup: false, review: false, alwaysShow: false }],
    ['a review block', '2023-05-22', { review: true, doNotAutoSelect: false }],
    ['the make-up block', '2024-09-02', { segment: 21, year: 2, makeup: true, review: false }],
    ['extra material', '2026-12-01', { segment: 99, year: 5, alwaysShow: true }],
    ['extra material is never auto-selected', '2026-12-01', { doNotAutoSelect: true }],
    ['extra material is a period of extra material', '2026-12-01', { extraMaterial: true }],
    ['a regular block is training', '2023-04-17', { extraMaterial: false }],
    ['the make-up block is training', '2024-09-02', { extraMaterial: false }],
  ])('flags: %s', (_label, from, flags) => {
    expect(block(from)).toMatchObject(flags)
  })

  it.each([
    ['starts with the first-day hours', '2024-10-24', 'startsAt', '2024-10-24T12:00:00Z'],
    ['ends after the clocks went back', '2024-10-24', 'endsAt', '2024-10-28T13:00:00Z'],
    ['ends at special hours', '2023-04-17', 'endsAt', '2023-04-21T13:30:00Z'],
    [
      'extra material starts at midnight of its first date',
      '2026-12-01',
      'startsAt',
      '2026-11-30T23:00:00Z',
    ],
    [
      'extra material ends at midnight after its last date',
      '2026-12-01',
      'endsAt',
      '2027-06-30T22:00:00Z',
    ],
  ] as const)('%s', (_label, from, field, iso) => {
    expect(block(from)[field]).toBe(Date.parse(iso))
  })

  it('holds 25 blocks and their 122 dates in date order, each id once', () => {
    const { blocks, days, blockById, dayById } = schedule()
    expect(blocks).toHaveLength(25)
    expect(days).toHaveLength(122)
    const dates = days.map((d) => d.dayStr)
    expect(dates).toEqual(dates.toSorted())
    expect(dayById.size).toBe(122)
    expect(blockById.size).toBe(25)
  })

  it('is derived once and cannot be changed by a caller', () => {
    expect(schedule()).toBe(schedule())
    expect(Object.isFrozen(schedule().days[0])).toBe(true)
    expect(Object.isFrozen(schedule().blocks)).toBe(true)
  })
})

describe('free gaps between blocks of one segment', () => {
  it.each([
    ['segment 1', 1, '2023-04-22', '2023-05-21', 30],
    ['segment 5, a weekend only', 5, '2024-06-08', '2024-06-09', 2],
    ['segment 6, after the DST week', 6, '2024-10-29', '2024-11-17', 20],
    ['segment 11, a weekend only', 11, '2026-06-06', '2026-06-07', 2],
  ])('%s', (_label, segment, from, to, numCalendarDays) => {
    const gaps = schedule().gaps.filter((g) => g.segment === segment)
    expect(gaps).toEqual([expect.objectContaining({ from, to, numCalendarDays })])
  })

  it.each([
    ['segment 2 has one block', 2],
    ['the make-up segment has one block', 21],
    ['extra material has one block', 99],
  ])('none for %s', (_label, segment) => {
    expect(schedule().gaps.filter((g) => g.segment === segment)).toEqual([])
  })

  it('names the blocks on either side', () => {
    expect(schedule().gaps[0]).toMatchObject({
      year: 1,
      afterBlock: 'lfit_year_1_20230417',
      beforeBlock: 'lfit_year_1_20230522',
    })
  })
})

const base: BlockDataInput = {
  year: 1,
  segment: 1,
  from: '2023-04-17',
  to: '2023-04-21',
  headerName: 'Segment 1',
  trainer: 'Trainer',
}

const TEN_TO_NOON = { from: '10:00', to: '12:00' }
const VENUE = 'Studio, Ljubljana'
const extra: BlockDataInput = {
  year: 5,
  segment: EXTRA_MATERIAL_SEGMENT,
  from: '2026-12-01',
  to: '2027-06-30',
  headerName: 'Extra material',
  trainer: '',
  alwaysShow: true,
  doNotAutoSelect: true,
}

describe('buildSchedule on other data', () => {
  it('sorts blocks, handles a one-day block and adjacent blocks with no gap', () => {
    const built = buildSchedule({
      venue: VENUE,
      blocks: [
        { ...base, from: '2023-04-24', to: '2023-04-24' },
        { ...base, from: '2023-04-20', to: '2023-04-23' },
      ],
    })
    expect(built.blocks.map((b) => b.from)).toEqual(['2023-04-20', '2023-04-24'])
    expect(built.gaps).toEqual([])
    expect(built.blocks[1]?.days[0]).toMatchObject({
      fromHour: '14:00',
      toHour: '18:00',
      dayInBlock: 1,
      dayInSegment: 5,
      firstOfSegment: false,
    })
  })

  it.each<[string, BlockDataInput[], string]>([
    ['overlapping blocks', [base, { ...base, from: '2023-04-21', to: '2023-04-25' }], 'overlap'],
    ['a block ending before it starts', [{ ...base, to: '2023-04-16' }], 'ends before it starts'],
    ['a date that does not exist', [{ ...base, to: '2023-04-31' }], 'a calendar date'],
    ['a free first day', [{ ...base, freeDays: ['2023-04-17'] }], 'not strictly inside'],
    [
      'a free day outside the block',
      [{ ...base, freeDays: ['2023-04-25'] }],
      'not strictly inside',
    ],
    [
      'a free day listed twice',
      [{ ...base, freeDays: ['2023-04-19', '2023-04-19'] }],
      'listed twice',
    ],
    [
      'special hours outside the block',
      [{ ...base, specialHours: { '2023-04-22': TEN_TO_NOON } }],
      'no study day',
    ],
    [
      'special hours on a free day',
      [{ ...base, freeDays: ['2023-04-19'], specialHours: { '2023-04-19': TEN_TO_NOON } }],
      'no study day',
    ],
    [
      'special hours ending before they start',
      [{ ...base, specialHours: { '2023-04-18': { from: '12:00', to: '10:00' } } }],
      'end after they start',
    ],
    [
      'an hour that is no time',
      [{ ...base, specialHours: { '2023-04-18': { from: '10:00', to: '25:00' } } }],
      'a time HH:MM',
    ],
    ['an unknown segment', [{ ...base, segment: 13 }], 'a segment of the programme'],
    ['year 6', [{ ...base, year: 6 }], 'year'],
    [
      'a segment in two years',
      [base, { ...base, year: 2, from: '2024-02-12', to: '2024-02-16' }],
      'segment 1 is in two years',
    ],
    [
      'no block that can be selected by default',
      [{ ...base, doNotAutoSelect: true }],
      'selected by default',
    ],
    ['an unknown field', [{ ...base, trainers: [] } as BlockDataInput], 'trainers'],
    [
      'free days in the extra-material period',
      [base, { ...extra, freeDays: ['2027-01-02'] }],
      'extra material has no study days',
    ],
    [
      'special hours in the extra-material period',
      [base, { ...extra, specialHours: { '2027-01-02': TEN_TO_NOON } }],
      'extra material has no study days',
    ],
    ['an empty venue', [{ ...base, venue: ' ' }], 'venue'],
  ])('rejects %s', (_label, blocks, reason) => {
    expect(() => buildSchedule({ venue: VENUE, blocks })).toThrow(reason)
  })

  it('rejects schedule data without a venue', () => {
    expect(() => buildSchedule({ blocks: [base] } as ScheduleDataInput)).toThrow('venue')
  })

  it('an extra-material period has no days, and a later block still opens its year', () => {
    const built = buildSchedule({
      venue: VENUE,
      blocks: [
        base,
        extra,
        { ...base, year: 5, segment: 12, from: '2027-07-05', to: '2027-07-06' },
      ],
    })
    const period = built.blocks.find((b) => b.segment === EXTRA_MATERIAL_SEGMENT)
    expect(period).toMatchObject({ extraMaterial: true, numStudyDays: 0, days: [] })
    expect(built.days.map((d) => d.dayStr)).not.toContain('2026-12-01')
    expect(built.dayById.get('lfit_20270705')).toMatchObject({ firstOfYear: true, year: 5 })
  })

  it.each([
    ['the programme venue by default', {}, VENUE],
    ['a block’s own venue', { venue: 'Dvorana Tabor, Ljubljana' }, 'Dvorana Tabor, Ljubljana'],
  ])('a block is held at %s', (_label, override, venue) => {
    const built = buildSchedule({ venue: VENUE, blocks: [{ ...base, ...override }] })
    expect(built.blocks[0]?.venue).toBe(venue)
    expect(built.venue).toBe(VENUE)
  })
})

describe('the fixed data fits the programme (docs/product-rules.md#schedule)', () => {
  it.each<[string, readonly number[], number[]]>([
    ['regular segments 1–12 in years 1–4', REGULAR_SEGMENTS, [1, 2, 3, 4]],
    ['the make-up segment in year 2', [MAKEUP_SEGMENT], [2]],
    ['the extra-material segment in year 5', [EXTRA_MATERIAL_SEGMENT], [5]],
  ])('%s', (_label, segments, years) => {
    const blocks = schedule().blocks.filter((b) => segments.includes(b.segment))
    expect(new Set(blocks.map((b) => b.segment))).toEqual(new Set(segments))
    expect(new Set(blocks.map((b) => b.year))).toEqual(new Set(years))
  })
})
