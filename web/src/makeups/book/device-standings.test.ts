import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import type { MakeupBook } from '@lfit/domain/makeups/book'
import { makeupAttendanceId, type MakeupSession } from '@lfit/domain/makeups/sessions'
import { attendanceId } from '@lfit/domain/records/attendance'
import { schedule, type StudyDay } from '@lfit/domain/schedule'
import { LocalDatabase } from '../../offline/database'
import { recordEdit } from '../../offline/outbox'
import { standingOnDevice, standingsOnDevice } from './device-standings'

const opened: LocalDatabase[] = []
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close()
    await db.delete()
  }
})

async function device(): Promise<LocalDatabase> {
  const db = new LocalDatabase(`standings-${Math.random()}`)
  opened.push(db)
  await db.open()
  return db
}

const day = schedule().days.find(
  (d): d is StudyDay => !d.freeDay && d.segment >= 1 && d.segment <= 12,
) as StudyDay
/** Noon a week after the study day: the day is past, so a miss counts. */
const NOW = Date.parse(`${day.dayStr}T12:00:00Z`) + 7 * 86_400_000
const session = (id: string, dayStr: string): MakeupSession => ({
  _id: id,
  dayStr,
  fromHour: '10:00',
  toHour: '13:00',
  place: 'Studio',
  capacity: 10,
  covers: { segments: [day.segment], days: [] },
  educator: 'edu',
  note: '',
  scheduleDays: [],
  cancelled: false,
})
const PAST = session('past', new Date(NOW - 86_400_000).toISOString().slice(0, 10))
const LATER = session('later', new Date(NOW + 7 * 86_400_000).toISOString().slice(0, 10))
const book: MakeupBook = {
  sessions: [PAST, LATER],
  signups: [],
  madeUpOtherwise: [],
  enrolments: [
    { person: 'hana', year: day.year, status: 'accepted' },
    { person: 'bor', year: day.year, status: 'accepted' },
  ],
  thresholds: { perYear: 5, overall: 10 },
  cancelHours: 24,
  people: [],
}

let ids = 0
const deps = { now: () => NOW, newId: () => `id-${++ids}` }

describe('standings on the device', () => {
  it('count an absence still in the outbox, and a make-up mark still in the outbox makes it up', async () => {
    const db = await device()
    const edit = (
      collection: 'attendance' | 'makeupAttendance',
      recordId: string,
      fields: Record<string, unknown>,
    ) => recordEdit(db, { collection, recordId, fields, user: 'editor' }, deps)
    await edit('attendance', attendanceId(day.id, 'hana'), { mark: 'absent' })

    const missed = await standingOnDevice(db, book, 'hana', NOW)
    expect(missed.overall.missed.map((d) => d.dayId)).toEqual([day.id])
    expect(missed.overall.outstanding[0]?.coveredBy.map((s) => s._id)).toEqual(['later'])

    await edit('makeupAttendance', makeupAttendanceId('past', 'hana'), { mark: 'present' })
    const madeUp = await standingOnDevice(db, book, 'hana', NOW)
    expect(madeUp.overall.outstanding).toEqual([])
    expect(madeUp.overall.madeUp.map((d) => d.dayId)).toEqual([day.id])

    const all = await standingsOnDevice(db, book, NOW)
    expect([...all.keys()].toSorted()).toEqual(['bor', 'hana'])
    expect(all.get('hana')).toEqual(madeUp)
    expect(all.get('bor')?.overall.missed).toEqual([])
  })
})
