// Adding a synced collection is one registry entry plus its rules, for the whole app: the real
// app built with the app's registry and two throw-away entries pushes them, pulls them through
// /api/sync/pull and the old /api/db/attendance/pull alike, and runs the make-up standing check
// for the one whose entry counts for standing only (docs/0035), on both stores.
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { syncReadScope } from '@lfit/domain/attendance/permissions'
import { syncedRecordSchema, type SyncedRecord } from '@lfit/domain/records/synced'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import type { PushResponse } from '@lfit/domain/sync/protocol'
import { SYNCED, type SyncedCollection } from '@lfit/domain/sync/registry'
import { ANNOUNCED_STANDINGS } from '../src/makeups/alerts'
import { MAIL_OUTBOX } from '../src/mail/outbox'
import { enrolDirectly } from '../src/people/enrolments'
import { ensureSyncIndexes } from '../src/sync/changelog'
import {
  START,
  STORE_KINDS,
  openTestStore,
  seedUsers,
  snapshot,
  startServer,
  userFor,
  type Browser,
  type OpenedStore,
  type TestServer,
} from './harness'

interface Note extends SyncedRecord {
  participant: string
  text: string
}

/** A participant's own notes, theirs to write and read; counts for standing as told. */
function notesEntry(countsForStanding: boolean): SyncedCollection<Note> {
  return {
    record: syncedRecordSchema.extend({ participant: z.string(), text: z.string() }),
    fields: z
      .object({ participant: z.string().min(1), text: z.string().max(100) })
      .partial()
      .strict(),
    refuseId: () => null,
    empty: (id) => ({ _id: id, participant: '', text: '', stamps: {} }),
    requiredOnCreate: ['participant'],
    writers: ['participant'],
    mayWrite: (actor, { current, fields }) =>
      (current?.participant ?? fields.participant) === actor.username
        ? { allowed: true }
        : { allowed: false, code: 'forbidden', message: { sl: 'ni vaše', en: 'not yours' } },
    readScope: syncReadScope,
    serverIndexes: [{ participant: 1 }],
    localIndexes: '_id, participant',
    countsForStanding,
    wording: 'recordingNote',
  }
}

const REGISTRY = { ...SYNCED, notes: notesEntry(true), scribbles: notesEntry(false) }

const PARTICIPANT = userFor('participant').username
/** Study days of programme year 4, all before the test clock's today. */
const ABSENT_DAYS = ['lfit_20260209', 'lfit_20260210', 'lfit_20260211', 'lfit_20260212']

let counter = 0
function note(collection: string, text: string) {
  counter += 1
  return {
    id: `n-${randomUUID()}`,
    collection,
    recordId: `${collection}-${counter}`,
    hlc: encodeHlc({ wall: START, counter, node: 'phone-1' }),
    deviceId: 'phone-1',
    fields: { participant: PARTICIPANT, text },
  }
}

describe.each(STORE_KINDS)('a throw-away synced collection in the app on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer
  let phone: Browser
  beforeEach(async () => {
    db = await openTestStore(kind)
    await seedUsers(
      db.store,
      ['admin', 'participant', 'regEditor'].map((r) => userFor(r as never)),
    )
    await ensureSyncIndexes(db.store, REGISTRY)
    server = await startServer({ store: db.store, registry: REGISTRY })
    phone = await server.as('participant')
  })
  afterEach(async () => {
    await server.close()
    await db.close()
  })

  async function push(collection: string, text: string) {
    const answer = await phone.db(collection, 'upsertBatch', {
      v: 1,
      batch: [note(collection, text)],
    })
    expect(answer.status).toBe(200)
    expect((answer.body as PushResponse).results.map((r) => r.status)).toEqual(['applied'])
  }

  it('is pushed, and pulled alike through /api/sync/pull and the old attendance path', async () => {
    await push('notes', 'bring a mat')
    await push('scribbles', 'and water')
    const request = { v: 1, cursor: null }
    const everything = await phone.post('/api/sync/pull', request)
    const old = await phone.db('attendance', 'pull', request)
    expect(everything.status).toBe(200)
    expect(old.status).toBe(200)
    expect(old.body).toEqual(everything.body)
    const { changes } = everything.body as { changes: Record<string, { text: string }[]> }
    expect(Object.keys(changes).sort()).toEqual(Object.keys(REGISTRY).sort())
    expect(changes.notes?.map((record) => record.text)).toEqual(['bring a mat'])
    expect(changes.scribbles?.map((record) => record.text)).toEqual(['and water'])

    // A visitor is refused on the new path as on the old one, and a bad request changes nothing.
    const visitor = await server.browser().post('/api/sync/pull', request)
    expect(visitor.status).toBe(401)
    expect(visitor.body).toMatchObject({ error: { code: 'notLoggedIn' } })
    const bad = await phone.post('/api/sync/pull', { v: 1, cursor: 7 })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ error: { message: { sl: expect.any(String) } } })
  })

  it('runs the standing check only for a push to a collection whose entry counts', async () => {
    // Four absent marks already stored and never announced: at risk (4 of at most 5).
    await enrolDirectly(db.store, {
      person: PARTICIPANT,
      year: 4,
      by: userFor('admin').username,
      at: new Date(START).toISOString(),
    })
    await db.store.collection('attendance').insert(
      ABSENT_DAYS.map((dayId) => ({
        _id: `${dayId}:${PARTICIPANT}`,
        dayId,
        participant: PARTICIPANT,
        mark: 'absent',
        note: '',
        stamps: {},
      })),
    )

    await push('scribbles', 'does not count')
    expect(await snapshot(db.store, ANNOUNCED_STANDINGS)).toEqual([])
    expect(await snapshot(db.store, MAIL_OUTBOX)).toEqual([])

    await push('notes', 'counts')
    expect(await snapshot(db.store, ANNOUNCED_STANDINGS)).toEqual([
      expect.objectContaining({ _id: PARTICIPANT }),
    ])
    expect((await snapshot(db.store, MAIL_OUTBOX)).map((mail) => [mail.to, mail.kind])).toEqual(
      expect.arrayContaining([[PARTICIPANT, 'makeupAtRisk']]),
    )
  })
})
