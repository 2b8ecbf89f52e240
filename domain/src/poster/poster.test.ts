import { describe, expect, it } from 'vitest'
import { buildSchedule } from '../schedule'
import { hoursRuns, posterOf, posterYears, timetableUrl } from './poster'

const SCHEDULE = buildSchedule({
  venue: 'Studio, Ljubljana',
  blocks: [
    {
      year: 1,
      segment: 1,
      from: '2023-04-17',
      to: '2023-04-21',
      headerName: 'S1',
      trainer: 'Ana',
      assistants: ['Dan', 'Eva'],
      specialHours: { '2023-04-19': { from: '11:00', to: '15:00' } },
    },
    {
      year: 1,
      segment: 2,
      from: '2023-07-03',
      to: '2023-07-07',
      headerName: 'S2',
      trainer: 'Boris',
      assistants: ['Eva', 'Ana'],
      alsoAssisting: ['Greta', ' '],
      freeDays: ['2023-07-05'],
    },
    { year: 2, segment: 3, from: '2024-04-15', to: '2024-04-18', headerName: 'S3', trainer: '' },
    {
      year: 5,
      segment: 99,
      from: '2026-12-01',
      to: '2026-12-31',
      headerName: 'Extra',
      trainer: '',
    },
  ],
})

describe('hoursRuns', () => {
  it.each([
    [
      'first day, special middle day, middle days, last day',
      '2023-04-17',
      [
        { kind: 'study', from: '2023-04-17', to: '2023-04-17', fromHour: '14:00', toHour: '18:00' },
        { kind: 'study', from: '2023-04-18', to: '2023-04-18', fromHour: '09:30', toHour: '16:30' },
        { kind: 'study', from: '2023-04-19', to: '2023-04-19', fromHour: '11:00', toHour: '15:00' },
        { kind: 'study', from: '2023-04-20', to: '2023-04-20', fromHour: '09:30', toHour: '16:30' },
        { kind: 'study', from: '2023-04-21', to: '2023-04-21', fromHour: '09:30', toHour: '14:00' },
      ],
    ],
    [
      'a free day breaks a run of equal hours',
      '2023-07-03',
      [
        { kind: 'study', from: '2023-07-03', to: '2023-07-03', fromHour: '14:00', toHour: '18:00' },
        { kind: 'study', from: '2023-07-04', to: '2023-07-04', fromHour: '09:30', toHour: '16:30' },
        { kind: 'free', day: '2023-07-05' },
        { kind: 'study', from: '2023-07-06', to: '2023-07-06', fromHour: '09:30', toHour: '16:30' },
        { kind: 'study', from: '2023-07-07', to: '2023-07-07', fromHour: '09:30', toHour: '14:00' },
      ],
    ],
    [
      'equal middle days run together',
      '2024-04-15',
      [
        { kind: 'study', from: '2024-04-15', to: '2024-04-15', fromHour: '14:00', toHour: '18:00' },
        { kind: 'study', from: '2024-04-16', to: '2024-04-17', fromHour: '09:30', toHour: '16:30' },
        { kind: 'study', from: '2024-04-18', to: '2024-04-18', fromHour: '09:30', toHour: '14:00' },
      ],
    ],
  ])('%s', (_label, from, expected) => {
    const block = SCHEDULE.blocks.find((b) => b.from === from)!
    expect(hoursRuns(block)).toEqual(expected)
  })
})

describe('posterOf', () => {
  it.each([
    [1, ['2023-04-17', '2023-07-03'], ['Ana', 'Boris'], ['Dan', 'Eva', 'Greta']],
    [2, ['2024-04-15'], [], []],
    // The extra-material period is no training: a year with only that has no blocks.
    [5, [], [], []],
    [3, [], [], []],
  ])('year %i: blocks %j, trainers %j, assistants %j', (year, starts, trainers, assistants) => {
    const poster = posterOf(year, SCHEDULE)
    expect(poster.blocks.map((b) => b.block.from)).toEqual(starts)
    expect(poster.teachers).toEqual({ trainers, assistants })
    expect(poster.venue).toBe('Studio, Ljubljana')
  })

  it('lists the years with training', () => {
    expect(posterYears(SCHEDULE)).toEqual([1, 2])
  })

  it('reads the programme schedule by default', () => {
    expect(posterOf(1).blocks.length).toBeGreaterThan(0)
  })
})

describe('timetableUrl', () => {
  it.each([
    ['https://lfit.example.org', 2, 'https://lfit.example.org/urnik?year=2'],
    ['http://127.0.0.1:8080/', 1, 'http://127.0.0.1:8080/urnik?year=1'],
  ])('%s, year %i → %s', (origin, year, url) => {
    expect(timetableUrl(origin, year)).toBe(url)
  })
})
