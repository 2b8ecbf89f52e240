// Adding a synced collection is one registry entry plus its rules: a test registry with a third
// collection goes through the server's push and pull, on both stores, with nothing else changed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { syncReadScope, type SyncActor } from '@lfit/domain/attendance/permissions'
import { syncedRecordSchema, type SyncedRecord } from '@lfit/domain/records/synced'
import { syncSchemas } from '@lfit/domain/sync/protocol'
import { SYNCED, type SyncedCollection } from '@lfit/domain/sync/registry'
import { ensureSyncIndexes } from '../src/sync/changelog'
import type { SyncContext, SyncUser } from '../src/sync/context'
import { pull } from '../src/sync/pull'
import { pushBatch } from '../src/sync/push'
import {
  EDITOR,
  NOW,
  STORE_KINDS,
  attendanceOf,
  edit,
  openTestStore,
  participant,
  type TestStore,
} from './sync-fixtures'

interface Note extends SyncedRecord {
  participant: string
  text: string
}

/** A participant's own notes: theirs to write, theirs (and the presence readers') to read. */
const notes: SyncedCollection<Note> = {
  record: syncedRecordSchema.extend({ participant: z.string(), text: z.string() }),
  fields: z
    .object({ participant: z.string().min(1), text: z.string().max(100) })
    .partial()
    .strict(),
  refuseId: (id) =>
    id.startsWith('note-')
      ? null
      : { code: 'badNoteId', message: { sl: 'oznaka ni veljavna', en: 'not a note id' } },
  empty: (id) => ({ _id: id, participant: '', text: '', stamps: {} }),
  requiredOnCreate: ['participant'],
  writers: ['participant'],
  mayWrite: (actor: SyncActor, { current, fields }) =>
    (current?.participant ?? fields.participant) === actor.username
      ? { allowed: true }
      : { allowed: false, code: 'forbidden', message: { sl: 'ni vaše', en: 'not yours' } },
  readScope: syncReadScope,
  serverIndexes: [{ participant: 1 }, { text: 1 }],
  localIndexes: '_id, participant',
  countsForStanding: false,
  wording: 'recordingNote',
}

const REGISTRY = { ...SYNCED, notes }
const schemas = syncSchemas(REGISTRY)

const note = (id: string, fields: Record<string, unknown>, wall = NOW) =>
  edit(id, fields, { collection: 'notes' as never, wall })

describe.each(STORE_KINDS)('a third synced collection on the %s store', (kind) => {
  let db: TestStore
  beforeEach(async () => {
    db = await openTestStore(kind)
    await ensureSyncIndexes(db.store, REGISTRY)
  })
  afterEach(() => db.close())

  const as = (user: SyncUser, now = NOW): SyncContext<typeof REGISTRY> => ({
    store: db.store,
    user,
    now,
    registry: REGISTRY,
  })

  it('is pushed with its own rules, kept in history, and pulled in its read scope', async () => {
    const ana = participant('ana')
    const answers = await pushBatch(as(ana), 'notes', [
      note('note-1', { participant: ana.username, text: 'bring mat' }),
      note('note-2', { participant: 'bor@demo.test', text: 'not mine' }),
      note('note-3', { text: 'whose?' }),
      note('memo-4', { participant: ana.username }),
      note('note-1', { colour: 'red' }),
    ])
    expect(
      answers.map((answer) => (answer.status === 'rejected' ? answer.reason.code : answer.status)),
    ).toEqual(['applied', 'forbidden', 'incomplete', 'badNoteId', 'invalidFields'])
    expect(await db.store.collection('history').count({ collection: 'notes' })).toBe(1)
    await pushBatch(as(participant('bor')), 'notes', [
      note('note-5', { participant: 'bor@demo.test', text: 'his' }),
    ])
    await pushBatch(as(EDITOR), 'attendance', [edit(attendanceOf('ana'), { mark: 'present' })])

    // A snapshot one record per page walks every collection, this one included.
    let cursor: string | null = null
    const seen: Record<string, string[]> = {}
    for (let page = 0; page < 10; page++) {
      const answer = schemas.pullResponse.parse(
        await pull(as(ana), { v: 1, cursor }, { records: 1, entries: 10 }),
      )
      expect(Object.keys(answer.changes).sort()).toEqual(Object.keys(REGISTRY).sort())
      for (const [name, records] of Object.entries(answer.changes)) {
        seen[name] = [...(seen[name] ?? []), ...records.map((record) => record._id)]
      }
      cursor = answer.cursor
      if (!answer.more) break
    }
    expect(seen).toEqual({
      attendance: [attendanceOf('ana')],
      absences: [],
      makeupAttendance: [],
      materials: [],
      library: [],
      mediaNotes: [],
      mediaProgress: [],
      calendar: [],
      notes: ['note-1'],
    })

    // A later change comes through the log.
    await pushBatch(as(ana), 'notes', [note('note-1', { text: 'bring two mats' }, NOW + 1)])
    const next = await pull(as(ana), { v: 1, cursor, collections: ['notes'] })
    expect(next.changes.notes).toEqual([
      expect.objectContaining({ _id: 'note-1', text: 'bring two mats' }),
    ])
    expect(next.changes.attendance).toEqual([])
  })
})
