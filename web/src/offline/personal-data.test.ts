import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  noChanges,
  SYNC_PROTOCOL_VERSION,
  type Mutation,
  type PullRequest,
  type PushRequest,
  type PushResponse,
} from '@lfit/domain/sync/protocol'
import { draftsKey } from '../attendance/note-drafts'
import { USER_CACHES } from '../session/user-caches'
import { LocalDatabase } from './database'
import { forgetLastUser } from './forget-last-user'
import { recordEdit } from './outbox'
import { claimDevice, KEPT_META, KEPT_TABLES, OWNER_KEY } from './personal-data'
import { createSyncEngine } from './sync-engine'
import type { SyncTransport } from './transport'

const ana = { username: 'ana@demo.test', roles: ['presenceEditor'] }
const bor = { username: 'bor@demo.test', roles: ['presenceEditor'] }

let db: LocalDatabase
let clock = 1_000
let ids = 0
const deps = { now: () => clock, newId: () => `id-${String(++ids).padStart(6, '0')}` }

beforeEach(() => {
  db = new LocalDatabase(`personal-${Math.random()}`)
})
afterEach(async () => {
  db.close()
  await db.delete()
})

/** A row for every table, as a day of use leaves them: pulled, fetched, queued, noticed. */
async function useDevice(user: string): Promise<Mutation> {
  await db.attendanceDays.put({ dayId: 'lfit_20261116', records: [] })
  await db.absences.put({ _id: 'abs-1' } as never)
  await db.makeupAttendance.put({ _id: 'mk-1' } as never)
  await db.participants.put({ username: 'cene@demo.test', firstName: 'Cene', lastName: 'Kos' })
  await db.materials.put({ _id: 'mat-1' } as never)
  await db.library.put({ _id: 'lib-1' } as never)
  await db.mediaNotes.put({ _id: 'note-1' } as never)
  await db.mediaProgress.put({ _id: 'prog-1' } as never)
  await db.calendar.put({
    _id: 'programme',
    kind: 'programme',
    revision: 0,
    venue: 'Studio',
    stamps: {},
  })
  await db.schedule.put({ key: 'week', value: 1 })
  await db.appliedBatches.add({ appliedAt: clock, edits: [] })
  await db.notices.put({
    id: 'n-1',
    kind: 'rejected',
    collection: 'attendance',
    recordId: 'lfit_20261116:cene@demo.test',
    fields: { note: 'left early' },
    user,
    madeAt: clock,
  })
  await db.meta.bulkPut([
    { key: 'cursor', value: 'e1:40' },
    { key: 'makeupBook', value: { user, book: {} } },
    { key: `materials-seen:${user}`, value: { ids: ['mat-1'] } },
    { key: 'lastSyncAt', value: clock },
  ])
  clock += 10
  return recordEdit(
    db,
    {
      collection: 'attendance',
      recordId: 'lfit_20261116:cene@demo.test',
      fields: { mark: 'present' },
      user,
    },
    deps,
  )
}

async function rowCounts(): Promise<Record<string, number>> {
  const counts = await Promise.all(
    db.tables.map(async (table) => [table.name, await table.count()]),
  )
  return Object.fromEntries(counts) as Record<string, number>
}

describe('a user leaving the device', () => {
  it('leaves no personal table with a row, and keeps the queue, the notices, the id and the clock', async () => {
    await db.open()
    const queued = await useDevice(ana.username)
    const hlc = (await db.meta.get('hlc'))?.value
    const device = (await db.meta.get('deviceId'))?.value
    expect(Object.values(await rowCounts()).every((count) => count > 0)).toBe(true)

    expect(await claimDevice(db, null)).toBe(true)

    const counts = await rowCounts()
    for (const table of db.tables) {
      if (table.name === 'meta') continue
      if (KEPT_TABLES.has(table.name)) expect(counts[table.name], table.name).toBe(1)
      else expect(counts[table.name], table.name).toBe(0)
    }
    expect((await db.outbox.toArray()).map((entry) => entry.mutation)).toEqual([queued])
    expect((await db.meta.toCollection().primaryKeys()).sort()).toEqual(
      [...KEPT_META, OWNER_KEY].sort(),
    )
    expect((await db.meta.get('hlc'))?.value).toEqual(hlc)
    expect((await db.meta.get('deviceId'))?.value).toBe(device)
    expect((await db.meta.get(OWNER_KEY))?.value).toBeNull()
  })

  it('clears nothing when the device is already the user’s (their own login again)', async () => {
    await claimDevice(db, ana.username)
    await useDevice(ana.username)
    const before = await rowCounts()
    expect(await claimDevice(db, ana.username)).toBe(false)
    expect(await rowCounts()).toEqual(before)
  })

  it.each([
    ['another person logs in', bor.username],
    ['nobody is logged in', null],
  ])('clears the last user’s data when %s', async (_, next) => {
    await claimDevice(db, ana.username)
    await useDevice(ana.username)
    expect(await claimDevice(db, next)).toBe(true)
    expect(await db.participants.count()).toBe(0)
    expect(await db.outbox.count()).toBe(1)
  })

  it('clears a database that names no owner (made by an earlier build) at the first claim', async () => {
    await db.open()
    await useDevice(ana.username)
    expect(await claimDevice(db, ana.username)).toBe(true)
    expect(await db.attendanceDays.count()).toBe(0)
    expect(await db.outbox.count()).toBe(1)
  })
})

describe('the next login on the shared tablet', () => {
  it('sends the queued edit of the one who left, and pulls a full snapshot of its own', async () => {
    await claimDevice(db, ana.username)
    const queued = await useDevice(ana.username)
    await claimDevice(db, null)
    const pushed: string[] = []
    const cursors: (string | null)[] = []
    const transport: SyncTransport = {
      async push(_collection, request: PushRequest) {
        const batch = request.batch as Mutation[]
        pushed.push(...batch.map((m) => m.id))
        const results = batch.map((m) => ({ id: m.id, status: 'applied' as const }))
        return { v: SYNC_PROTOCOL_VERSION, results } satisfies PushResponse
      },
      async pull(request: PullRequest) {
        cursors.push(request.cursor)
        return {
          v: SYNC_PROTOCOL_VERSION,
          changes: noChanges(),
          cursor: 'e1:41',
          more: false,
          reset: true,
        }
      },
      async participants() {
        return [{ username: 'dana@demo.test', firstName: 'Dana', lastName: 'Novak' }]
      },
    }
    const engine = createSyncEngine({
      db,
      transport,
      now: () => clock,
      currentUser: () => bor,
      mayPush: () => true,
      claimDevice: (username) => claimDevice(db, username),
    })
    expect(await engine.syncNow()).toMatchObject({ state: 'idle', lastError: null })
    expect(pushed).toEqual([queued.id])
    expect(cursors).toEqual([null])
    expect(await db.outbox.count()).toBe(0)
    expect((await db.participants.toArray()).map((p) => p.username)).toEqual(['dana@demo.test'])
    expect((await db.meta.get(OWNER_KEY))?.value).toBe(bor.username)
  })
})

describe('forgetting in the browser', () => {
  it('clears the device database, the user’s caches, every editor’s note drafts and unfinished uploads, and nothing else', async () => {
    await claimDevice(db, ana.username)
    await useDevice(ana.username)
    const stored = new Map([
      [draftsKey(ana.username), '{"lfit_20261116:cene@demo.test":"left early"}'],
      [draftsKey(bor.username), '{}'],
      ['lfit:language', 'sl'],
    ])
    const storage = {
      get length() {
        return stored.size
      },
      key: (index: number) => [...stored.keys()][index] ?? null,
      removeItem: (key: string) => void stored.delete(key),
    }
    const deleted: string[] = []
    const uploadsForgotten: (string | null)[] = []
    let locked = 0
    await forgetLastUser(null, {
      db,
      afterSync: async (task) => {
        locked += 1
        await task()
      },
      caches: { delete: async (name) => (deleted.push(name), true) },
      storage,
      forgetUploads: async (next) => void uploadsForgotten.push(next),
    })
    expect(locked).toBe(1)
    // The files anyone left uploading go with them: nobody uses the device now.
    expect(uploadsForgotten).toEqual([null])
    expect(deleted.sort()).toEqual([...USER_CACHES].sort())
    expect(deleted).toContain('lfit-files')
    expect([...stored.keys()]).toEqual(['lfit:language'])
    // forgetLastUser closes the database it was given; reopened to read what is left.
    await db.open()
    expect(await db.materials.count()).toBe(0)
    expect(await db.outbox.count()).toBe(1)
  })
})
