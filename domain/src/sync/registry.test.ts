import { describe, expect, it } from 'vitest'
import { schedule } from '../schedule'
import { missingOnCreate, SYNC_COLLECTIONS, SYNCED } from './registry'

const freeDay = [...schedule().dayById.values()].find((day) => day.freeDay)
const studyDay = 'lfit_20261116'

describe('the registry of synced collections', () => {
  it('names every synced collection once, in registry order', () => {
    expect(SYNC_COLLECTIONS).toEqual(Object.keys(SYNCED))
    expect(SYNC_COLLECTIONS).toEqual(['attendance', 'absences'])
  })

  it.each(SYNC_COLLECTIONS)('%s: its empty record is a valid record with its id', (name) => {
    const entry = SYNCED[name]
    const id = name === 'attendance' ? `${studyDay}:ana@demo.test` : 'abs-0001'
    expect(entry.refuseId(id)).toBeNull()
    const empty = entry.empty(id)
    expect(empty?._id).toBe(id)
    expect(entry.record.safeParse(empty).success).toBe(true)
  })

  it.each(SYNC_COLLECTIONS)('%s: the fields required on create are fields it has', (name) => {
    const entry = SYNCED[name]
    const record = entry.empty(name === 'attendance' ? `${studyDay}:ana@demo.test` : 'abs-1')
    for (const field of entry.requiredOnCreate) expect(record).toHaveProperty(field)
  })

  it.each([
    ['a study day', `${studyDay}:ana@demo.test`, null],
    ['a free day', `${freeDay?.id}:ana@demo.test`, 'unknownDay'],
    ['a day outside the schedule', 'lfit_19990101:ana@demo.test', 'unknownDay'],
    ['a date of the extra-material period', 'lfit_20270115:ana@demo.test', 'unknownDay'],
    ['no participant', `${studyDay}:`, 'unknownDay'],
    ['not a day id', 'ana@demo.test', 'unknownDay'],
  ])('an attendance id must name a study day: %s', (_label, id, code) => {
    expect(SYNCED.attendance.refuseId(id)?.code ?? null).toBe(code)
  })

  it('a new absence must say whose it is and when', () => {
    expect(missingOnCreate(SYNCED.absences, { reason: 'x' })).toEqual([
      'participant',
      'fromDay',
      'toDay',
    ])
    expect(
      missingOnCreate(SYNCED.absences, { participant: 'a', fromDay: 'b', toDay: 'c' }),
    ).toEqual([])
    expect(missingOnCreate(SYNCED.attendance, { mark: 'present' })).toEqual([])
  })
})
