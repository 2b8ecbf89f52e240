import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'
import { noChanges, SYNC_COLLECTIONS } from '@lfit/domain/sync/protocol'
import { LocalDatabase, syncedTables } from './database'
import { attendanceRecords, recordTable } from './device-records'
import { createSyncEngine } from './sync-engine'

const opened: Dexie[] = []
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close()
    await db.delete()
  }
})

/** The database exactly as the build before the sync registry declared it. */
function shippedDatabase(name: string): Dexie {
  const db = new Dexie(name)
  db.version(1).stores({
    attendance: '_id, dayId, participant, [dayId+participant]',
    absences: '_id, participant, fromDay',
    participants: 'username, year, lastName',
    outbox: '++seq, &mutation.id, mutation.recordId, user',
    notices: 'id, kind, recordId',
    meta: 'key',
    schedule: 'key',
    materials: '_id',
  })
  db.version(2).stores({ applied: 'key, appliedAt' })
  return db
}

describe('the device database', () => {
  it('has a table for every synced collection of the registry', async () => {
    const db = new LocalDatabase(`schema-${Math.random()}`)
    opened.push(db)
    await db.open()
    const tables = db.tables.map((table) => table.name)
    for (const collection of SYNC_COLLECTIONS) {
      expect(tables).toContain(recordTable(db, collection).name)
    }
    // Attendance is kept per day: the table of one row per record is gone.
    expect(tables).not.toContain('attendance')
  })

  it('keeps the synced tables as they shipped: changing them needs a new version', () => {
    // A failure here means the registry changed a device table: declare it in a new
    // `this.version(n)` of LocalDatabase, then update this expectation.
    expect(syncedTables()).toEqual({
      attendanceDays: 'dayId',
      absences: '_id, participant, fromDay',
      makeupAttendance: '_id, session, participant',
      materials: '_id, createdAt',
      library: '_id, createdAt',
      mediaNotes: '_id, recording, participant',
      mediaProgress: '_id, recording, participant',
      calendar: '_id',
    })
  })

  it('opens a database of the previous build with its records and queued edits intact', async () => {
    const name = `upgrade-${Math.random()}`
    const old = shippedDatabase(name)
    const record = {
      _id: 'lfit_20261116:ana@demo.test',
      dayId: 'lfit_20261116',
      participant: 'ana@demo.test',
      mark: 'present',
      note: '',
      stamps: {},
    }
    const queued = {
      mutation: { id: 'm-000001', collection: 'attendance', recordId: record._id },
      user: 'eva@demo.test',
      madeAt: 1,
    }
    await old.table('attendance').put(record)
    await old.table('outbox').add(queued)
    await old.table('meta').put({ key: 'cursor', value: 'e:42' })
    old.close()

    const db = new LocalDatabase(name)
    opened.push(db)
    expect(await attendanceRecords(db, ['lfit_20261116'])).toEqual([record])
    expect(await db.outbox.toArray()).toEqual([{ ...queued, seq: 1 }])
    // The queued edit is found by its collection too (the index version 9 added).
    expect(await db.outbox.where('mutation.collection').equals('attendance').count()).toBe(1)
    expect(db.verno).toBeGreaterThanOrEqual(9)
    // The old build skipped the make-up marks it was sent: the next pull starts from scratch.
    expect(await db.meta.get('cursor')).toBeUndefined()
  })

  it('moves the records of a build with one row per record into day rows, keeping the outbox and the cursor', async () => {
    const name = `per-day-${Math.random()}`
    // Version 6 as it shipped: attendance one row per record.
    const old = new Dexie(name)
    old.version(6).stores({
      attendance: '_id, dayId, participant',
      absences: '_id, participant, fromDay',
      makeupAttendance: '_id, session, participant',
      materials: '_id, createdAt',
      library: '_id, createdAt',
      mediaNotes: '_id, recording, participant',
      mediaProgress: '_id, recording, participant',
      participants: 'username, year, lastName',
      outbox: '++seq, &mutation.id, mutation.recordId, user',
      notices: 'id, kind, recordId',
      meta: 'key',
      schedule: 'key',
      applied: 'key, appliedAt',
    })
    const record = (dayId: string, participant: string, mark: string) => ({
      _id: `${dayId}:${participant}`,
      dayId,
      participant,
      mark,
      note: '',
      stamps: { mark: { hlc: '0000000001000:00000:x', deviceId: 'd1', user: 'eva@demo.test' } },
    })
    const records = [
      record('lfit_20261116', 'ana@demo.test', 'present'),
      record('lfit_20261116', 'bor@demo.test', 'absent'),
      record('lfit_20261117', 'ana@demo.test', 'late'),
    ]
    const queued = {
      mutation: { id: 'm-000001', collection: 'attendance', recordId: records[1]!._id },
      user: 'eva@demo.test',
      madeAt: 1,
    }
    // Ana's mark on the 16th was applied; another device's later edit is still to be pulled.
    const applied = {
      key: `attendance\0${records[0]!._id}\0mark`,
      mutationId: 'm-000000',
      collection: 'attendance',
      recordId: records[0]!._id,
      field: 'mark',
      value: 'present',
      hlc: '0000000001000:00000:x',
      deviceId: 'd1',
      user: 'eva@demo.test',
      madeAt: 1,
      appliedAt: 2,
    }
    await old.table('attendance').bulkPut(records)
    await old.table('outbox').add(queued)
    await old.table('meta').put({ key: 'cursor', value: 'e:42' })
    await old.table('applied').put(applied)
    old.close()

    const db = new LocalDatabase(name)
    opened.push(db)
    expect(await db.attendanceDays.count()).toBe(2)
    expect(await attendanceRecords(db, ['lfit_20261116'])).toEqual(records.slice(0, 2))
    expect(await attendanceRecords(db, ['lfit_20261117'])).toEqual(records.slice(2))
    expect(await db.outbox.toArray()).toEqual([{ ...queued, seq: 1 }])
    // Nothing was lost: the next pull goes on from where this device was.
    expect(await db.meta.get('cursor')).toEqual({ key: 'cursor', value: 'e:42' })
    expect(db.tables.map((table) => table.name)).not.toContain('attendance')

    // The applied edit is still watched: the pull that brings the later edit tells the editor.
    const later = {
      ...records[0]!,
      mark: 'absent',
      stamps: { mark: { hlc: '0000000002000:00000:y', deviceId: 'd2', user: 'ana@demo.test' } },
    }
    await createSyncEngine({
      db,
      transport: {
        push: async () => ({ v: 1, results: [] }),
        pull: async () => ({
          v: 1,
          changes: {
            ...noChanges(),
            attendance: [later],
          },
          cursor: 'e:43',
          more: false,
          reset: false,
        }),
        participants: async () => undefined,
      },
      now: () => 3,
      currentUser: () => ({ username: 'eva@demo.test', roles: ['presenceEditor'] }),
      // The queued edit waits: only the pull runs.
      mayPush: () => false,
    }).syncNow()
    expect(await db.notices.toArray()).toMatchObject([
      { kind: 'superseded', recordId: records[0]!._id, fields: { mark: 'present' } },
    ])
    expect((await attendanceRecords(db, ['lfit_20261116']))[0]?.mark).toBe('absent')
  })
})
