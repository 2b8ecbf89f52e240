import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { attendanceId, type AttendanceRecord } from '@lfit/domain/records/attendance'
import { schedule, type StudyDay } from '@lfit/domain/schedule'
import { LocalDatabase } from './database'
import { keepRecords } from './device-records'
import { recordEdit } from './outbox'
import { attendanceOfDays, attendanceOfParticipant } from './local-view'

const opened: LocalDatabase[] = []
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close()
    await db.delete()
  }
})

async function device(): Promise<LocalDatabase> {
  const db = new LocalDatabase(`local-view-${Math.random()}`)
  opened.push(db)
  await db.open()
  return db
}

let ids = 0
const deps = { now: () => 1_800_000_000_000, newId: () => `id-${++ids}` }
const [first, second] = schedule().days.filter((d): d is StudyDay => !d.freeDay)

describe('the local view of one participant', () => {
  it('shows an edit still in the outbox, merged over the synced record or alone', async () => {
    const db = await device()
    const synced = attendanceId(first!.id, 'hana')
    const stored: AttendanceRecord = {
      _id: synced,
      dayId: first!.id,
      participant: 'hana',
      mark: 'absent',
      note: '',
      stamps: {},
    }
    await keepRecords(db, 'attendance', [stored])
    const edit = (recordId: string, fields: Record<string, unknown>) =>
      recordEdit(db, { collection: 'attendance', recordId, fields, user: 'editor' }, deps)
    await edit(synced, { mark: 'present' })
    await edit(attendanceId(second!.id, 'hana'), { mark: 'late' })
    // Someone else's edit, whose username ends like hana's, is not hers.
    await edit(attendanceId(second!.id, 'johana'), { mark: 'absent' })

    const shown = await attendanceOfParticipant(db, 'hana')
    const marks = Object.fromEntries(
      shown.map(({ record, pending }) => [record.dayId, [record.mark, pending]]),
    )
    expect(marks).toEqual({ [first!.id]: ['present', 1], [second!.id]: ['late', 1] })
  })

  it('matches what the days view shows of the same records', async () => {
    const db = await device()
    await recordEdit(
      db,
      {
        collection: 'attendance',
        recordId: attendanceId(first!.id, 'bor'),
        fields: { mark: 'excused' },
        user: 'editor',
      },
      deps,
    )
    const ofDays = await attendanceOfDays(db, [first!.id])
    const ofPerson = await attendanceOfParticipant(db, 'bor')
    expect(ofPerson.map((s) => s.record)).toEqual([...ofDays.values()].map((s) => s.record))
  })
})
