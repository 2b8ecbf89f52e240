import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AttendanceRecord } from '@lfit/domain/records/attendance'
import {
  noChanges,
  type Mutation,
  type PullResponse,
  type PushRequest,
} from '@lfit/domain/sync/protocol'
import { LocalDatabase } from './database'
import { attendanceRecords, keepRecords, readRecords } from './device-records'
import { attendanceOfDay } from './local-view'
import { recordEdit } from './outbox'
import { createSyncEngine } from './sync-engine'
import type { SyncTransport } from './transport'

const DAY = 'lfit_20261116'
const OTHER_DAY = 'lfit_20261117'

const record = (dayId: string, participant: string, mark: AttendanceRecord['mark'], hlc = 1) =>
  ({
    _id: `${dayId}:${participant}`,
    dayId,
    participant,
    mark,
    note: '',
    stamps: {
      mark: { hlc: `${String(hlc).padStart(13, '0')}:00000:x`, deviceId: 'd2', user: 'eva' },
    },
  }) satisfies AttendanceRecord

const page = (attendance: AttendanceRecord[], reset: boolean, cursor: string): PullResponse => ({
  v: 1,
  // Every collection of the registry, empty but for the attendance of the case.
  changes: {
    ...noChanges(),
    attendance,
  },
  cursor,
  more: false,
  reset,
})

/** A server that answers each pull with the next page and applies every push. */
function serverOf(pages: PullResponse[]): SyncTransport & { pushed: PushRequest[] } {
  const pushed: PushRequest[] = []
  return {
    pushed,
    async push(_collection, request) {
      pushed.push(request)
      return {
        v: 1,
        results: (request.batch as Mutation[]).map((m) => ({ id: m.id, status: 'applied' })),
      }
    },
    async pull() {
      return pages.shift() ?? page([], false, 'e1:99')
    },
    async participants() {
      return undefined
    },
  }
}

let db: LocalDatabase
let clock = 1_000
let ids = 0
const deps = { now: () => clock, newId: () => `id-${String(++ids).padStart(6, '0')}` }
const editor = { username: 'presenceEditor@demo.test', roles: ['presenceEditor'] }

const sync = (transport: SyncTransport) =>
  createSyncEngine({
    db,
    transport,
    now: deps.now,
    currentUser: () => editor,
    mayPush: () => true,
  }).syncNow()

beforeEach(() => {
  db = new LocalDatabase(`device-records-${Math.random()}`)
})
afterEach(async () => {
  vi.restoreAllMocks()
  db.close()
  await db.delete()
})

const marksOf = async (dayId: string) =>
  Object.fromEntries(
    (await attendanceRecords(db, [dayId])).map((stored) => [stored.participant, stored.mark]),
  )

describe('attendance kept per study day on the device', () => {
  it('an incremental pull changes the records it brings and keeps the rest of their day', async () => {
    await sync(
      serverOf([
        page(
          [
            record(DAY, 'ana', 'present'),
            record(DAY, 'bor', 'absent'),
            record(OTHER_DAY, 'ana', 'late'),
          ],
          true,
          'e1:1',
        ),
      ]),
    )
    await sync(
      serverOf([
        page([record(DAY, 'bor', 'excused', 2), record(DAY, 'cene', 'late')], false, 'e1:2'),
      ]),
    )
    expect(await marksOf(DAY)).toEqual({ ana: 'present', bor: 'excused', cene: 'late' })
    expect(await marksOf(OTHER_DAY)).toEqual({ ana: 'late' })
    expect(await db.attendanceDays.count()).toBe(2)
    expect((await db.meta.get('cursor'))?.value).toBe('e1:2')
  })

  it('a snapshot replaces every day: a record it leaves out (no longer readable) is dropped', async () => {
    await sync(
      serverOf([
        page([record(DAY, 'ana', 'present'), record(OTHER_DAY, 'bor', 'absent')], true, 'e1:1'),
      ]),
    )
    await sync(serverOf([page([record(DAY, 'bor', 'late')], true, 'e2:1')]))
    expect(await marksOf(DAY)).toEqual({ bor: 'late' })
    expect(await marksOf(OTHER_DAY)).toEqual({})
  })

  it('an applied edit is merged into its day row, next to the day records it did not touch', async () => {
    await sync(
      serverOf([page([record(DAY, 'ana', 'present'), record(DAY, 'bor', 'absent')], true, 'e1:1')]),
    )
    clock += 10
    await recordEdit(
      db,
      { collection: 'attendance', recordId: `${DAY}:bor`, fields: { mark: 'late' }, user: 'eva' },
      deps,
    )
    // The pull after the push fails to read, so only the push's settle wrote the record.
    const transport = serverOf([])
    transport.pull = async () => ({ v: 1, unreadable: true })
    await sync(transport)
    expect(transport.pushed).toHaveLength(1)
    expect(await db.outbox.count()).toBe(0)
    expect(await marksOf(DAY)).toEqual({ ana: 'present', bor: 'late' })
    expect((await attendanceOfDay(db, DAY)).get('bor')).toMatchObject({ pending: 0 })
    const [stored] = await readRecords(db, 'attendance', [`${DAY}:bor`])
    expect(stored?.stamps.mark?.user).toBe('eva')
  })

  it('keeps records given out of order and across days in one write', async () => {
    await keepRecords(db, 'attendance', [
      record(OTHER_DAY, 'bor', 'present'),
      record(DAY, 'ana', 'absent'),
      record(OTHER_DAY, 'ana', 'late'),
    ])
    expect(
      await readRecords(db, 'attendance', [`${DAY}:ana`, `${OTHER_DAY}:ana`, `${DAY}:nobody`]),
    ).toEqual([record(DAY, 'ana', 'absent'), record(OTHER_DAY, 'ana', 'late'), undefined])
  })

  it('a settled push leaves the queued edits it did not settle, even between settled ones', async () => {
    const edit = (participant: string, user: string) => {
      clock += 10
      return recordEdit(
        db,
        {
          collection: 'attendance',
          recordId: `${DAY}:${participant}`,
          fields: { mark: 'late' },
          user,
        },
        deps,
      )
    }
    await edit('ana', 'eva')
    await edit('bor', 'eva')
    const waits = await edit('cene', 'someone-else')
    await edit('dana', 'eva')
    const transport = serverOf([])
    await createSyncEngine({
      db,
      transport,
      now: deps.now,
      currentUser: () => editor,
      // Edits of another user wait for a login that may push them.
      mayPush: (_user, entry) => entry.user === 'eva',
    }).syncNow()
    expect(transport.pushed[0]?.batch).toHaveLength(3)
    expect((await db.outbox.toArray()).map((entry) => entry.mutation.id)).toEqual([waits.id])
    expect(await marksOf(DAY)).toEqual({ ana: 'late', bor: 'late', dana: 'late' })
  })

  it('commits pulled pages relaxed and everything with the outbox strict', async () => {
    const transaction = vi.spyOn(IDBDatabase.prototype, 'transaction')
    clock += 10
    await recordEdit(
      db,
      { collection: 'attendance', recordId: `${DAY}:ana`, fields: { mark: 'late' }, user: 'eva' },
      deps,
    )
    await sync(serverOf([page([record(DAY, 'bor', 'present')], true, 'e1:1')]))
    const writes = transaction.mock.calls
      .filter(([, mode]) => mode === 'readwrite')
      .map(([stores, , options]) => ({
        stores: [...stores].sort(),
        durability: options?.durability,
      }))
    const withOutbox = writes.filter((write) => write.stores.includes('outbox'))
    const pulled = writes.filter(
      (write) => write.stores.includes('attendanceDays') && !write.stores.includes('outbox'),
    )
    // The edit and the settle of its push.
    expect(withOutbox.length).toBeGreaterThanOrEqual(2)
    for (const write of withOutbox) expect(write.durability).toBe('strict')
    expect(pulled).toHaveLength(1)
    expect(pulled[0]?.durability).toBe('relaxed')
    expect(pulled[0]?.stores).toContain('meta')
  })
})
