// The planner's block form reads the days an editor gives in bulk into the block's data the
// domain checks, and names each broken rule next to its field in the product's words, before
// anything is sent; a stored block shows in the form as it was given.
import { describe, expect, it } from 'vitest'
import { blockFields, everyDayExcept, type BlockRecord } from '@lfit/domain/schedule'
import {
  blockOfForm,
  EMPTY_BLOCK_FORM,
  formOfBlock,
  freeDaysOf,
  kindOf,
  readBlockForm,
  studyDaysOf,
  type BlockForm,
  type BlockFormField,
} from './block-form'

/** Monday 3 to Sunday 16 March 2031: Saturdays free, and Wednesday the 5th. */
const FILLED: BlockForm = {
  ...EMPTY_BLOCK_FORM,
  year: '2',
  segment: '5',
  from: '2031-03-03',
  to: '2031-03-16',
  trainer: ' Ana Zorec ',
  assistants: 'Dan Petek\n\n Eva Rozmanič ',
  commentSl: 'Pomladni blok',
  commentEn: 'Spring block',
  freeWeekdays: [6],
  freeDates: ['2031-03-05'],
  specialHours: { '2031-03-06': { from: '10:00', to: '13:00' } },
}

const record = (id: string, form: BlockForm): BlockRecord => ({
  _id: id,
  kind: 'block',
  revision: 0,
  ...blockFields(blockOfForm(form)),
  stamps: {},
})

/** A block of year 2, segment 5, in the week before FILLED's. */
const NEIGHBOUR = record('cal_neighbour', {
  ...EMPTY_BLOCK_FORM,
  year: '2',
  segment: '5',
  from: '2031-02-24',
  to: '2031-02-28',
})
const CALENDAR = { venue: 'Studio Gibanje, Ljubljana', blocks: [NEIGHBOUR] }

describe('the planner block form', () => {
  it('gives every day from the first to the last as a study day, except the weekdays and dates', () => {
    expect(freeDaysOf(FILLED)).toEqual(['2031-03-05', '2031-03-08', '2031-03-15'])
    expect(studyDaysOf(FILLED)).toHaveLength(14 - 3)
    expect(studyDaysOf({ ...FILLED, kind: 'extraMaterial' })).toEqual([])
  })

  it('reads a filled form into a block the domain accepts, and a stored block back', () => {
    const read = readBlockForm(FILLED, CALENDAR, null)
    expect(read).toMatchObject({ ok: true })
    if (!read.ok) return
    expect(read.block).toMatchObject({
      year: 2,
      segment: 5,
      headerName: 'Segment 5',
      trainer: 'Ana Zorec',
      assistants: ['Dan Petek', 'Eva Rozmanič'],
      comment: { sl: 'Pomladni blok', en: 'Spring block' },
      review: false,
      makeup: false,
      freeDays: ['2031-03-05', '2031-03-08', '2031-03-15'],
      specialHours: { '2031-03-06': { from: '10:00', to: '13:00' } },
    })
    expect(read.block).not.toHaveProperty('venue')
    expect(formOfBlock(record('cal_x', FILLED))).toEqual({
      ...FILLED,
      headerName: 'Segment 5',
      trainer: 'Ana Zorec',
      assistants: 'Dan Petek\nEva Rozmanič',
    })
  })

  it('lays the days out as the domain\'s "every day from … to … except …" does', () => {
    const { from, to, freeDays } = blockOfForm(FILLED)
    const laid = everyDayExcept(
      { from: FILLED.from, to: FILLED.to, exceptWeekdays: [6], exceptDates: ['2031-03-05'] },
      { year: 2, segment: 5, headerName: 'Segment 5', trainer: '' },
    )
    expect(laid).toMatchObject({ from, to, freeDays })
  })

  it('shows a free weekday met once in the block as a date, not as every such weekday', () => {
    const week = { ...FILLED, to: '2031-03-09', specialHours: {} }
    expect(formOfBlock(record('cal_week', week))).toMatchObject({
      freeWeekdays: [],
      freeDates: ['2031-03-05', '2031-03-08'],
    })
  })

  it('drops the special hours of a day the rule makes free', () => {
    const block = blockOfForm({ ...FILLED, freeDates: ['2031-03-05', '2031-03-06'] })
    expect(block.specialHours).toEqual({})
  })

  it.each([
    ['a regular block', { segment: 5 }, 'regular'],
    ['a review', { segment: 5, review: true }, 'review'],
    ['make-up days', { segment: 21, makeup: true }, 'makeupDays'],
    ['extra material', { segment: 99 }, 'extraMaterial'],
  ] as const)('names %s by its kind', (_, block, kind) => {
    expect(kindOf(block)).toBe(kind)
  })

  it.each([
    ['make-up days', 'makeupDays', { segment: 21, makeup: true, review: false }],
    ['extra material', 'extraMaterial', { segment: 99, alwaysShow: true, freeDays: [] }],
    ['a review', 'review', { segment: 5, review: true, makeup: false }],
  ] as const)('gives %s its segment and flags', (_, kind, expected) => {
    expect(blockOfForm({ ...FILLED, kind })).toMatchObject(expected)
  })

  it.each<[string, Partial<BlockForm>, BlockFormField, string]>([
    ['no first day', { from: '' }, 'from', 'Enter the first day, e.g. 5. 12. 2031'],
    ['no last day', { to: '' }, 'to', 'Enter the last day, e.g. 9. 12. 2031'],
    [
      'an end before the start',
      { to: '2031-03-02', freeDates: [] },
      'to',
      'The last day is not before the first',
    ],
    [
      'a free weekday on the first day',
      { freeWeekdays: [1] },
      'freeDays',
      'The block opens and closes with a study day; free days lie between them',
    ],
    [
      'a free date outside the block',
      { freeDates: ['2031-04-01'] },
      'freeDays',
      'The block opens and closes with a study day; free days lie between them',
    ],
    [
      'a comment in one language',
      { commentEn: '' },
      'comment',
      'Write the comment in both languages',
    ],
    [
      'hours that end before they start',
      { specialHours: { '2031-03-06': { from: '13:00', to: '10:00' } } },
      'specialHours',
      'The hours end after they start',
    ],
    [
      'days of another block',
      { from: '2031-02-27' },
      'from',
      'These dates overlap another block (blocks never share a day)',
    ],
    [
      'a segment of another year',
      { year: '3' },
      'segment',
      'This segment belongs to another programme year',
    ],
  ])('names %s next to its field', (_, change, field, words) => {
    const read = readBlockForm({ ...FILLED, ...change }, CALENDAR, null)
    expect(read.ok).toBe(false)
    if (read.ok) return
    expect(Object.keys(read.errors)).toEqual([field])
    expect(read.errors[field]?.message).toBe(words)
  })

  it('leaves the block being changed out of the calendar it is checked against', () => {
    const moved = { ...formOfBlock(NEIGHBOUR), to: '2031-03-02' }
    expect(readBlockForm(moved, CALENDAR, NEIGHBOUR._id).ok).toBe(true)
    expect(readBlockForm(moved, CALENDAR, null).ok).toBe(false)
  })
})
