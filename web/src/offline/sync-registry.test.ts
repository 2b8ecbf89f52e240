// Adding a synced collection is one registry entry plus its rules, on the device too: a device
// database built with the app's registry and two throw-away entries (one kept a row per record,
// one grouped per day) has their tables, and the real sync engine pushes their queued edits,
// keeps what a pull brings in the storage the entry names, and words their notices by the
// entry's `wording` (docs/0035-every-synced-collection-property-in-its-entry.md).
import 'fake-indexeddb/auto'
import { setupI18n, type I18n } from '@lingui/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { syncReadScope } from '@lfit/domain/attendance/permissions'
import { syncedRecordSchema, type SyncedRecord } from '@lfit/domain/records/synced'
import {
  noChanges,
  type Mutation,
  type PullRequest,
  type PushRequest,
  type SyncCollection,
} from '@lfit/domain/sync/protocol'
import { SYNCED, type SyncedCollection } from '@lfit/domain/sync/registry'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import { messages as en } from '../locales/en.po'
import { messages as sl } from '../locales/sl.po'
import { LocalDatabase } from './database'
import { groupedRecords, readRecords } from './device-records'
import { describeNotice, describeQueued } from './notice-words'
import { recordEdit } from './outbox'
import { createSyncEngine } from './sync-engine'
import type { SyncTransport } from './transport'

/** Another device's stamp, later than any this test makes. */
const LATER = encodeHlc({ wall: 2_000, counter: 0, node: 'dev-2' })

interface Note extends SyncedRecord {
  day: string
  text: string
}

function entry(extra: Partial<SyncedCollection<Note>>): SyncedCollection<Note> {
  return {
    record: syncedRecordSchema.extend({ day: z.string(), text: z.string() }),
    fields: z.object({ day: z.string(), text: z.string() }).partial().strict(),
    refuseId: () => null,
    empty: (id) => ({ _id: id, day: id.slice(0, 10), text: '', stamps: {} }),
    requiredOnCreate: [],
    writers: ['participant'],
    mayWrite: () => ({ allowed: true }),
    readScope: syncReadScope,
    serverIndexes: [],
    localIndexes: '_id, day',
    countsForStanding: false,
    wording: 'recordingNote',
    ...extra,
  }
}

const REGISTRY = {
  ...SYNCED,
  notes: entry({}),
  diary: entry({
    localIndexes: 'day',
    deviceGroups: { table: 'diaryDays', by: 'day', groupOfId: (id) => id.slice(0, 10) },
  }),
}
const EXTRA = ['notes', 'diary']

const note = (id: string, text: string): Note => ({
  _id: id,
  day: id.slice(0, 10),
  text,
  stamps: { text: { hlc: LATER, user: 'bor@demo.test', deviceId: 'dev-2' } },
})

/** A server for the extended registry: applies pushes as told, pulls the records it holds. */
class ScriptedServer implements SyncTransport {
  pushed: { collection: string; batch: Mutation[] }[] = []
  held: Record<string, SyncedRecord[]> = {}
  supersede = false

  async push(collection: string, request: PushRequest): Promise<unknown> {
    const batch = request.batch as Mutation[]
    this.pushed.push({ collection, batch })
    const by = { hlc: LATER, user: 'bor@demo.test', deviceId: 'dev-2' }
    if (!this.supersede) {
      // Applied: the server holds the record and pulls send it back.
      const held = (this.held[collection] ??= [])
      for (const m of batch) {
        const stamp = { hlc: m.hlc, user: 'ana@demo.test', deviceId: m.deviceId }
        held.push({ ...note(m.recordId, String(m.fields.text)), stamps: { text: stamp } })
      }
    }
    return {
      v: 1,
      results: batch.map((m) =>
        this.supersede ? { id: m.id, status: 'superseded', by } : { id: m.id, status: 'applied' },
      ),
    }
  }

  async pull(request: PullRequest): Promise<unknown> {
    return {
      v: 1,
      changes: { ...noChanges(), notes: [], diary: [], ...this.held },
      cursor: 'e1:1',
      more: false,
      reset: request.cursor === null,
    }
  }

  async participants() {
    return undefined
  }
}

const me = { username: 'ana@demo.test', roles: ['participant'] }
let db: LocalDatabase
let server: ScriptedServer
let ids = 0
const deps = { now: () => 1_000, newId: () => `id-${String(++ids).padStart(6, '0')}` }
const engine = () =>
  createSyncEngine({
    db,
    transport: server,
    now: deps.now,
    currentUser: () => me,
    mayPush: () => true,
  })
const write = (collection: string, recordId: string, text: string) =>
  recordEdit(
    db,
    { collection: collection as SyncCollection, recordId, fields: { text }, user: me.username },
    deps,
  )

beforeEach(() => {
  db = new LocalDatabase(`registry-${Math.random()}`, { registry: REGISTRY })
  server = new ScriptedServer()
})
afterEach(async () => {
  db.close()
  await db.delete()
})

describe('a throw-away synced collection on the device', () => {
  it('has its table, as its entry says: one row per record, or one per group', async () => {
    await db.open()
    const tables = db.tables.map((table) => table.name)
    expect(tables).toEqual(expect.arrayContaining(['notes', 'diaryDays']))
    expect(db.table('notes').schema.primKey.keyPath).toBe('_id')
    expect(db.table('diaryDays').schema.primKey.keyPath).toBe('day')
  })

  it('pushes its queued edits and keeps what is pulled where its entry says', async () => {
    await write('notes', '2026-11-17:n1', 'mine')
    await write('diary', '2026-11-17:d1', 'dear diary')
    server.held = {
      notes: [note('2026-11-18:n2', 'from the server')],
      diary: [note('2026-11-18:d2', 'another day'), note('2026-11-18:d3', 'same day')],
    }
    const status = await engine().syncNow()
    expect([status.state, status.lastError]).toEqual(['idle', null])

    expect(server.pushed.map(({ collection, batch }) => [collection, batch.length])).toEqual([
      ['notes', 1],
      ['diary', 1],
    ])
    expect(await db.outbox.count()).toBe(0)
    // The applied edit and the pulled record, one row each.
    expect((await db.table('notes').toArray()).map((r: Note) => [r._id, r.text])).toEqual([
      ['2026-11-17:n1', 'mine'],
      ['2026-11-18:n2', 'from the server'],
    ])
    // Grouped: one row per day, holding that day's records.
    expect(await db.table('diaryDays').count()).toBe(2)
    expect((await groupedRecords(db, 'diary', ['2026-11-18'])).map((r) => r._id)).toEqual([
      '2026-11-18:d2',
      '2026-11-18:d3',
    ])
    expect((await readRecords(db, 'diary', ['2026-11-17:d1']))[0]).toMatchObject({
      text: 'dear diary',
    })
  })

  const WORDS = {
    en: { messages: en, item: 'Note on a recording', subject: 'a note on a recording' },
    sl: { messages: sl, item: 'Zapisek ob posnetku', subject: 'zapiska ob posnetku' },
  }
  for (const [locale, { messages, item, subject }] of Object.entries(WORDS))
    it(`${locale}: words its notices and queued edits by its entry, not as an absence`, async () => {
      const i18n: I18n = setupI18n({ locale, messages: { [locale]: messages } })
      server.supersede = true
      for (const collection of EXTRA) await write(collection, `2026-11-17:${collection}`, 'x')
      const context = { me: me.username, nameOf: () => undefined, registry: db.registry }
      for (const entry of await db.outbox.toArray()) {
        const queued = describeQueued(i18n, entry.mutation, context)
        expect(queued).toBe(item)
      }
      await engine().syncNow()
      const notices = await db.notices.toArray()
      expect(notices.map((notice) => notice.collection).sort()).toEqual(['diary', 'notes'])
      for (const notice of notices) {
        const text = describeNotice(i18n, notice, context)
        expect(text).toContain('bor@demo.test')
        expect(text).toContain(subject)
        expect(text).not.toMatch(/absence|odsotnost/i)
      }
    })
})
