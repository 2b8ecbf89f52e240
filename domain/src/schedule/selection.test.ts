import { describe, expect, it } from 'vitest'
import { schedule } from './current'
import {
  attendanceBlocks,
  attendanceDay,
  defaultSelection,
  isBlockPast,
  nextTrainingDay,
  visibleSegments,
} from './selection'

const at = (iso: string) => Date.parse(iso)

describe('default year and segment', () => {
  it.each([
    ['before the first block', '2023-01-01T12:00:00Z', 1, 1],
    ['during the first block: none past yet, the first block', '2023-04-19T10:00:00Z', 1, 1],
    ['segment 2 ends at 14:00 CEST: not yet past at that instant', '2023-07-12T12:00:00Z', 1, 1],
    ['one millisecond later segment 2 is past', '2023-07-12T12:00:00.001Z', 1, 2],
    ['after the make-up block', '2024-09-05T10:00:00Z', 2, 21],
    ['mid-block of segment 12: segment 11 is the latest past', '2026-10-14T10:00:00Z', 4, 11],
    ['2026-11-22, after the last regular block', '2026-11-22T10:00:00Z', 4, 12],
    ['during extra material', '2027-01-15T10:00:00Z', 4, 12],
    ['2027-07-01: extra material is past but doNotAutoSelect', '2027-07-01T10:00:00Z', 4, 12],
  ])('%s', (_label, iso, year, segment) => {
    expect(defaultSelection(at(iso))).toEqual({ year, segment })
    expect(defaultSelection(new Date(iso))).toEqual({ year, segment })
  })
})

describe('a block is past when its end is before now', () => {
  const dstBlock = schedule().blockById.get('lfit_year_2_20241024')
  it.each([
    ['during its last day', '2024-10-28T12:59:59Z', false],
    ['at its end, 14:00 CET', '2024-10-28T13:00:00Z', false],
    ['just after its end', '2024-10-28T13:00:00.001Z', true],
  ])('%s', (_label, iso, past) => {
    expect(dstBlock && isBlockPast(dstBlock, at(iso))).toBe(past)
  })
})

describe('segments listed for a year', () => {
  it.each([
    ['year 1, then extra material (alwaysShow)', 1, [1, 2, 3, 99]],
    ['year 2 with the make-up segment in date order', 2, [4, 5, 21, 6, 99]],
    ['year 4', 4, [10, 11, 12, 99]],
    ['year 5 lists extra material once', 5, [99]],
  ])('%s', (_label, year, segments) => {
    const listed = visibleSegments(year, at('2023-01-01T00:00:00Z'))
    expect(listed.map((s) => s.segment)).toEqual(segments)
  })

  it('marks segments whose blocks have all ended', () => {
    const listed = visibleSegments(1, at('2023-06-01T00:00:00Z'))
    expect(listed.map((s) => [s.segment, s.past, s.alwaysShow])).toEqual([
      [1, true, false],
      [2, false, false],
      [3, false, false],
      [99, false, true],
    ])
    expect(listed[0]?.blocks.map((b) => b.block_id)).toEqual([
      'lfit_year_1_20230417',
      'lfit_year_1_20230522',
    ])
    expect(listed[3]).toMatchObject({ year: 5, headerName: 'Extra material', extraMaterial: true })
    expect(listed[0]?.extraMaterial).toBe(false)
  })
})

describe('next training day', () => {
  it.each([
    ['before the programme', '2023-01-01T00:00:00Z', '2023-04-17'],
    ['on the free Saturday 2023-07-08', '2023-07-08T08:00:00Z', '2023-07-09'],
    ['on the weekend gap of segment 5', '2024-06-08T08:00:00Z', '2024-06-10'],
    ['during the 25-hour day', '2024-10-27T10:00:00Z', '2024-10-27'],
    ['after the 25-hour day ends at 16:30 CET', '2024-10-27T15:30:00.001Z', '2024-10-28'],
    ['on the last regular day before it ends', '2026-11-20T12:59:00Z', '2026-11-20'],
    ['on a weekend between the two blocks of segment 11', '2026-06-06T10:00:00Z', '2026-06-08'],
  ])('%s', (_label, iso, dayStr) => {
    expect(nextTrainingDay(at(iso))?.dayStr).toBe(dayStr)
  })

  it.each([
    [
      'after the last regular block (extra material is not training: doNotAutoSelect)',
      '2026-11-21T10:00:00Z',
    ],
    ['during the extra-material block', '2027-01-15T10:00:00Z'],
    ['after the last block', '2027-07-01T10:00:00Z'],
  ])('none %s', (_label, iso) => {
    expect(nextTrainingDay(at(iso))).toBeUndefined()
  })
})

describe('the day the attendance tab opens on', () => {
  it.each([
    ['during a block: that day', '2026-11-17T10:00:00Z', '2026-11-17'],
    ['on a weekend between blocks: the next training day', '2026-06-06T10:00:00Z', '2026-06-08'],
    ['after the last regular block: its last day', '2026-11-23T10:00:00Z', '2026-11-20'],
    [
      'during the extra-material block: still the last regular day',
      '2027-01-15T10:00:00Z',
      '2026-11-20',
    ],
  ])('%s', (_label, iso, dayStr) => {
    expect(attendanceDay(at(iso))?.dayStr).toBe(dayStr)
  })

  it.each([
    ['during the extra-material period', '2027-01-15T10:00:00Z'],
    ['on its last date', '2027-06-30T10:00:00Z'],
    ['long after it', '2028-01-01T10:00:00Z'],
  ])('is never a day of the extra-material period: %s', (_label, iso) => {
    const day = attendanceDay(at(iso))
    expect(day?.segment).not.toBe(99)
    expect(day?.dayStr).toBe('2026-11-20')
  })
})

describe('blocks offered for attendance', () => {
  it('are the blocks with study days: every block but the extra-material period', () => {
    const blocks = attendanceBlocks()
    expect(blocks.map((b) => b.segment)).not.toContain(99)
    expect(blocks.every((b) => b.numStudyDays > 0)).toBe(true)
    expect(blocks).toHaveLength(schedule().blocks.length - 1)
  })

  it.each([1, 2, 3, 4])('year %i keeps all its blocks', (year) => {
    const all = schedule().blocks.filter((b) => b.year === year)
    expect(attendanceBlocks().filter((b) => b.year === year)).toEqual(all)
  })

  it('year 5 has none', () => {
    expect(attendanceBlocks().filter((b) => b.year === 5)).toEqual([])
  })
})
