// Every operation of /api/db over HTTP on both stores: the answers, the row filters of the
// policy (a participant sees only their own records), sync through upsertBatch and pull, and
// `?db=`. The users collection has its own file (users.test.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import {
  SIGNUPS_OPEN,
  START,
  STORE_KINDS,
  TestClock,
  openTestStore,
  seedUsers,
  snapshot,
  startServer,
  userFor,
  type OpenedStore,
  type TestServer,
} from './harness'
import { ensureSyncIndexes } from '../src/sync/changelog'

const ROLES_USED = ['admin', 'regEditor', 'presenceEditor', 'participant', 'educator'] as const
const OTHER = { username: 'other@test.lfit', roles: ['participant' as const] }
const DAY = 'lfit_20261116'

type Row = Record<string, unknown>
const errorCode = (body: unknown) => (body as { error?: { code?: string } })?.error?.code

const edit = (
  participant: string,
  mark: string,
  id = `m-${participant}-${mark}-${Math.random()}`,
) => ({
  id,
  collection: 'attendance',
  recordId: `${DAY}:${participant}`,
  hlc: encodeHlc({ wall: START, counter: 0, node: 'tablet-a' }),
  deviceId: 'tablet-a',
  fields: { mark },
})

describe.each(STORE_KINDS)('the data API on the %s store', (kind) => {
  let db: OpenedStore
  let other: OpenedStore
  let server: TestServer
  beforeEach(async () => {
    db = await openTestStore(kind)
    other = await openTestStore(kind)
    await seedUsers(db.store, [...ROLES_USED.map(userFor), OTHER])
    server = await startServer({
      store: db.store,
      others: { archive: other.store },
      // Visitors sign up for a day of the last block, which must not have passed.
      clock: new TestClock(SIGNUPS_OPEN),
    })
  })
  afterEach(async () => {
    await server.close()
    await db.close()
    await other.close()
  })

  it('insert, find (query, sort, skip, limit, projection), findById, findOne', async () => {
    const regEditor = await server.as('regEditor')
    const inserted = await regEditor.db('registrations', 'insert', {
      insert: [
        { _id: 'r1', username: 'a@x.si', year: 1, status: 'pending', note: 'first' },
        { _id: 'r2', username: 'b@x.si', year: 2, status: 'confirmed' },
        { username: 'c@x.si', year: 2, status: 'pending' },
      ],
    })
    expect(inserted.status).toBe(200)
    const ids = (inserted.body as { insertedIds: string[] }).insertedIds
    expect(ids.slice(0, 2)).toEqual(['r1', 'r2'])
    expect(ids[2]).toMatch(/^[0-9a-f]{24}$/)

    const found = await regEditor.db('registrations', 'find', {
      query: { year: { $gte: 2 } },
      opts: { sort: { username: -1 }, skip: 0, limit: 1, projection: { username: 1 } },
    })
    expect(found.body).toEqual([{ _id: ids[2], username: 'c@x.si' }])
    const byId = await regEditor.db('registrations', 'findById', { _id: 'r1' })
    expect(byId.body).toMatchObject({ _id: 'r1', note: 'first' })
    const one = await regEditor.db('registrations', 'findOne', { query: { status: 'confirmed' } })
    expect(one.body).toMatchObject({ _id: 'r2' })
    expect((await regEditor.db('registrations', 'findById', { _id: 'none' })).body).toBeNull()
  })

  it('upsert creates then updates; save sets the given fields; deleteOne removes one', async () => {
    const regEditor = await server.as('regEditor')
    const created = await regEditor.db('registrations', 'upsert', {
      query: { _id: 'r9' },
      update: { $set: { username: 'z@x.si', status: 'pending' }, $setOnInsert: { year: 3 } },
    })
    expect(created.body).toMatchObject({ matched: 0, upsertedId: 'r9' })
    const updated = await regEditor.db('registrations', 'upsert', {
      query: { _id: 'r9' },
      update: { $set: { status: 'confirmed' }, $inc: { year: 1 } },
    })
    expect(updated.body).toMatchObject({ matched: 1, modified: 1 })
    expect((await regEditor.db('registrations', 'findById', { _id: 'r9' })).body).toEqual({
      _id: 'r9',
      username: 'z@x.si',
      status: 'confirmed',
      year: 4,
    })
    const saved = await regEditor.db('registrations', 'save', { _id: 'r9', year: 1 })
    expect(saved.body).toEqual({ ok: true })
    expect((await regEditor.db('registrations', 'findById', { _id: 'r9' })).body).toEqual({
      _id: 'r9',
      username: 'z@x.si',
      status: 'confirmed',
      year: 1,
    })
    const savedNew = await regEditor.db('registrations', 'save', { _id: 'r10', note: 'new' })
    expect(savedNew.body).toEqual({ ok: true })
    expect(await db.store.collection('registrations').findById('r10')).toEqual({
      _id: 'r10',
      note: 'new',
    })
    const empty = await regEditor.db('registrations', 'save', { _id: 'r10' })
    expect(empty.status).toBe(400)
    expect((await regEditor.db('registrations', 'deleteOne', { _id: 'r9' })).body).toEqual({
      deleted: 1,
    })
    expect((await regEditor.db('registrations', 'deleteOne', { _id: 'r9' })).body).toEqual({
      deleted: 0,
    })
  })

  it('find answers a document as it is now: answers kept per stored document never go stale', async () => {
    const regEditor = await server.as('regEditor')
    const find = async () =>
      (await regEditor.db('registrations', 'find', { query: { username: 'stale@x.si' } })).body
    await regEditor.db('registrations', 'upsert', {
      query: { _id: 'r20' },
      update: { $set: { username: 'stale@x.si', status: 'pending' } },
    })
    expect(await find()).toEqual([{ _id: 'r20', username: 'stale@x.si', status: 'pending' }])
    expect(await find()).toEqual([{ _id: 'r20', username: 'stale@x.si', status: 'pending' }])
    await regEditor.db('registrations', 'save', { _id: 'r20', status: 'confirmed', year: 2 })
    expect(await find()).toEqual([
      { _id: 'r20', username: 'stale@x.si', status: 'confirmed', year: 2 },
    ])
    await regEditor.db('registrations', 'deleteOne', { _id: 'r20' })
    expect(await find()).toEqual([])
  })

  it("a participant's attendance found again shows every edit synced since", async () => {
    // The embedded store answers an unchanged index entry with the same page and the data API
    // keeps that page's bytes (docs/0054-find-under-load.md): a synced edit must drop both.
    // Indexed as main.ts indexes a database, so the find is an index lookup.
    await ensureSyncIndexes(db.store)
    const editor = await server.as('presenceEditor')
    const me = userFor('participant').username
    const marked = (mark: string, counter: number) => ({
      ...edit(me, mark),
      hlc: encodeHlc({ wall: START, counter, node: 'tablet-a' }),
    })
    const find = async () =>
      (
        (await editor.db('attendance', 'find', { query: { participant: me }, opts: { limit: 50 } }))
          .body as Row[]
      ).map((record) => record.mark)
    for (const [counter, mark] of ['present', 'late', 'absent'].entries()) {
      const pushed = await editor.db('attendance', 'upsertBatch', {
        v: 1,
        batch: [marked(mark, counter)],
      })
      expect(pushed.status).toBe(200)
      expect(await find()).toEqual([mark])
      expect(await find()).toEqual([mark])
    }
  })

  it('aggregate runs allow-listed stages over what the caller may read', async () => {
    const regEditor = await server.as('regEditor')
    await regEditor.db('registrations', 'insert', {
      insert: [
        { username: 'a@x.si', year: 1, status: 'pending' },
        { username: 'b@x.si', year: 1, status: 'confirmed' },
        { username: 'c@x.si', year: 2, status: 'pending' },
      ],
    })
    const answer = await regEditor.db('registrations', 'aggregate', {
      pipeline: [
        { $match: { status: { $in: ['pending', 'confirmed'] } } },
        { $group: { _id: '$year', count: { $sum: 1 } } },
        { $sort: { _id: 1 } },
      ],
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual([
      { _id: 1, count: 2 },
      { _id: 2, count: 1 },
    ])
  })

  it('a participant reads, creates and deletes only their own rows', async () => {
    const me = userFor('participant').username
    const regEditor = await server.as('regEditor')
    await regEditor.db('registrations', 'insert', {
      insert: [
        { _id: 'mine', username: me, year: 1 },
        { _id: 'theirs', username: OTHER.username, year: 1 },
      ],
    })
    const participant = await server.as('participant')
    expect((await participant.db('registrations', 'find', { query: {} })).body).toEqual([
      { _id: 'mine', username: me, year: 1 },
    ])
    // Asking for someone else's rows finds nothing: the row filter is added, not replaced.
    expect(
      (await participant.db('registrations', 'find', { query: { username: OTHER.username } })).body,
    ).toEqual([])
    expect((await participant.db('registrations', 'findById', { _id: 'theirs' })).body).toBeNull()

    const own = await participant.db('registrations', 'insert', {
      insert: { year: 2, note: 'please' },
    })
    expect(own.status).toBe(200)
    const ownId = (own.body as { insertedIds: string[] }).insertedIds[0]
    expect((await participant.db('registrations', 'findById', { _id: ownId })).body).toMatchObject({
      username: me,
      year: 2,
    })
    const before = await snapshot(db.store, 'registrations')
    const forged = await participant.db('registrations', 'insert', {
      insert: { username: OTHER.username, year: 1 },
    })
    expect(forged.status).toBe(403)
    const confirmed = await participant.db('registrations', 'insert', {
      insert: { year: 1, status: 'confirmed' },
    })
    expect(confirmed.status).toBe(403)
    expect(errorCode(confirmed.body)).toBe('readOnlyField')
    expect(await snapshot(db.store, 'registrations')).toEqual(before)

    await regEditor.db('makeups', 'insert', {
      insert: { _id: 'mk-other', participant: OTHER.username },
    })
    const makeup = await participant.db('makeups', 'insert', {
      insert: { _id: 'mk-mine', missedDayId: DAY, makeupDayId: 'lfit_20261201' },
    })
    expect(makeup.status).toBe(200)
    expect((await participant.db('makeups', 'deleteOne', { _id: 'mk-other' })).body).toEqual({
      deleted: 0,
    })
    expect((await participant.db('makeups', 'deleteOne', { _id: 'mk-mine' })).body).toEqual({
      deleted: 1,
    })
    expect(await db.store.collection('makeups').findById('mk-other')).not.toBeNull()
  })

  it('visitors may add analytics events, but not read them; sign-ups go through /api/signups', async () => {
    const visitor = server.browser()
    const direct = await visitor.db('eventSignups', 'insert', {
      insert: { name: 'Eva', email: 'eva@x.si', phone: '38641000000', dayId: DAY },
    })
    expect(direct.status).toBe(401)
    const signup = await visitor.post('/api/signups/eventDay', {
      name: 'Eva',
      email: 'eva@x.si',
      phone: '38641000000',
      dayId: DAY,
    })
    expect(signup.status).toBe(200)
    const event = await visitor.db('analytics', 'insert', {
      insert: { type: 'pageview', path: '/urnik' },
    })
    expect(event.status).toBe(200)
    expect((await visitor.db('eventSignups', 'find', { query: {} })).status).toBe(401)
    expect((await visitor.db('analytics', 'find', { query: {} })).status).toBe(401)
    const regEditor = await server.as('regEditor')
    expect((await regEditor.db('eventSignups', 'find', {})).body).toEqual([
      expect.objectContaining({ name: 'Eva', dayId: DAY }),
    ])
    expect((await regEditor.db('analytics', 'find', {})).status).toBe(403)
    const admin = await server.as('admin')
    expect((await admin.db('analytics', 'find', {})).body).toEqual([
      expect.objectContaining({ type: 'pageview', path: '/urnik' }),
    ])
  })

  it('syncs attendance through upsertBatch (idempotent, per-edit permission) and pull (own rows only)', async () => {
    const editor = await server.as('presenceEditor')
    const me = userFor('participant').username
    const batch = [
      edit(me, 'present', 'm-mine-00001'),
      edit(OTHER.username, 'late', 'm-other-0001'),
    ]
    const pushed = await editor.db('attendance', 'upsertBatch', { v: 1, batch })
    expect(pushed.status).toBe(200)
    expect(pushed.body).toEqual({
      v: 1,
      results: [
        { id: 'm-mine-00001', status: 'applied' },
        { id: 'm-other-0001', status: 'applied' },
      ],
    })
    const again = await editor.db('attendance', 'upsertBatch', { v: 1, batch })
    expect(again.body).toEqual(pushed.body)
    expect(await db.store.collection('history').count({})).toBe(2)

    const participant = await server.as('participant')
    const beforeRefused = await snapshot(db.store, 'attendance')
    const refused = await participant.db('attendance', 'upsertBatch', {
      v: 1,
      batch: [edit(me, 'absent')],
    })
    expect(refused.status).toBe(200)
    expect((refused.body as { results: Row[] }).results[0]).toMatchObject({
      status: 'rejected',
      permanent: true,
    })
    expect(await snapshot(db.store, 'attendance')).toEqual(beforeRefused)

    const pulled = await participant.db('attendance', 'pull', { v: 1, cursor: null })
    expect(pulled.status).toBe(200)
    const changes = (pulled.body as { changes: { attendance: Row[] } }).changes.attendance
    expect(changes.map((record) => record.participant)).toEqual([me])
    const found = await participant.db('attendance', 'find', { query: {} })
    expect((found.body as Row[]).map((record) => record.participant)).toEqual([me])
    expect((await editor.db('attendance', 'find', { query: {} })).body).toHaveLength(2)

    const bad = await editor.db('attendance', 'upsertBatch', { v: 1, batch: 'nope' })
    expect(bad.status).toBe(400)
    const badPull = await editor.db('attendance', 'pull', { v: 1, cursor: 42 })
    expect(badPull.status).toBe(400)
    expect(badPull.body).toMatchObject({
      error: { message: { sl: expect.any(String), en: expect.any(String) } },
    })
  })

  it('direct writes to attendance and absences are refused: edits go through sync', async () => {
    const admin = await server.as('admin')
    for (const [operation, payload] of [
      ['insert', { insert: { _id: `${DAY}:x`, mark: 'present' } }],
      ['save', { _id: `${DAY}:x`, mark: 'present' }],
      ['upsert', { query: { _id: `${DAY}:x` }, update: { $set: { mark: 'present' } } }],
      ['deleteOne', { _id: `${DAY}:x` }],
    ] as const) {
      expect((await admin.db('attendance', operation, payload)).status).toBe(403)
      expect((await admin.db('absences', operation, payload)).status).toBe(403)
    }
    expect(await db.store.collection('attendance').count({})).toBe(0)
  })

  it('`db` selects only among configured databases', async () => {
    const regEditor = await server.as('regEditor')
    const insert = await regEditor.db(
      'registrations',
      'insert',
      { insert: { _id: 'arch', year: 1 } },
      { db: 'archive' },
    )
    expect(insert.status).toBe(200)
    expect(await other.store.collection('registrations').findById('arch')).not.toBeNull()
    expect(await db.store.collection('registrations').findById('arch')).toBeNull()
    const unknown = await regEditor.db('registrations', 'find', {}, { db: 'admin' })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toEqual({
      error: {
        code: 'unknownDatabase',
        message: { sl: 'Neznana baza: admin', en: 'Unknown database: admin' },
      },
    })
  })
})
