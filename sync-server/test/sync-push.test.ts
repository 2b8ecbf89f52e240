// upsertBatch for synced collections on both stores: exactly-once effect, convergence with the
// loser kept in history, server-side permission and validation per item.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAX_BATCH, SYNC_COLLECTIONS, type PushResult } from '@lfit/domain/sync/protocol'
import { pushBatch } from '../src/sync/push'
import type { Collection, Doc, Store } from '../src/store/port'
import {
  ADMIN,
  DAY,
  EDITOR,
  NOW,
  STORE_KINDS,
  attendanceOf,
  context,
  edit,
  openTestStore,
  participant,
  type TestStore,
} from './sync-fixtures'

const statuses = (results: PushResult[]) => results.map((result) => result.status)

/**
 * The store as a server sees it that read the attendance records just before another server
 * wrote them: the first `find` on attendance answers `stale` instead of the current documents.
 */
function readingStale(store: Store, stale: Doc[]): Store {
  const real = store.collection('attendance')
  let served = false
  const attendance: Collection = {
    find: (query, options) => {
      if (served) return real.find(query, options)
      served = true
      return Promise.resolve(structuredClone(stale))
    },
    findById: (id) => real.findById(id),
    findOne: (query, options) => real.findOne(query, options),
    count: (query) => real.count(query),
    insert: (docs) => real.insert(docs),
    upsert: (filter, update, options) => real.upsert(filter, update, options),
    findOneAndUpdate: (filter, update, options) => real.findOneAndUpdate(filter, update, options),
    bulkUpsert: (ops) => real.bulkUpsert(ops),
    save: (doc) => real.save(doc),
    deleteOne: (filter) => real.deleteOne(filter),
    deleteMany: (filter) => real.deleteMany(filter),
    aggregate: (pipeline) => real.aggregate(pipeline),
    ensureIndex: (spec) => real.ensureIndex(spec),
  }
  return {
    kind: store.kind,
    collection: (name) => (name === 'attendance' ? attendance : store.collection(name)),
    drop: () => store.drop(),
    close: () => store.close(),
  }
}

describe.each(STORE_KINDS)('upsertBatch sync on the %s store', (kind) => {
  let db: TestStore
  let store: Store
  beforeEach(async () => {
    db = await openTestStore(kind)
    store = db.store
  })
  afterEach(() => db.close())

  const record = (id: string, collection = 'attendance') =>
    store.collection(collection).findById(id)

  it('a batch sent twice is applied once and answered the same both times', async () => {
    const batch = [
      edit(attendanceOf('ana'), { mark: 'present' }),
      edit(attendanceOf('bor'), { mark: 'late', note: 'bus' }),
      edit(attendanceOf('ana'), { note: 'left early' }, { wall: NOW + 1 }),
    ]
    const first = await pushBatch(context(store, EDITOR), 'attendance', batch)
    expect(statuses(first)).toEqual(['applied', 'applied', 'applied'])
    const before = await record(attendanceOf('ana'))
    const changesBefore = await store.collection('changes').count({})

    const again = await pushBatch(context(store, EDITOR, NOW + 60_000), 'attendance', batch)
    expect(again).toEqual(first)
    expect(await record(attendanceOf('ana'))).toEqual(before)
    expect(await store.collection('history').count({})).toBe(3)
    // A replay writes nothing, so it announces nothing either.
    expect(await store.collection('changes').count({})).toBe(changesBefore)
  })

  it('a repeated id inside one batch is applied once', async () => {
    const once = edit(attendanceOf('ana'), { mark: 'absent' })
    const results = await pushBatch(context(store, EDITOR), 'attendance', [once, once])
    expect(results).toEqual([
      { id: once.id, status: 'applied' },
      { id: once.id, status: 'applied' },
    ])
    expect(await store.collection('history').count({})).toBe(1)
  })

  it('two deliveries racing over shared ids keep each edit in history once, and every answer', async () => {
    const shared = edit(attendanceOf('ana'), { mark: 'late' })
    const before = edit(attendanceOf('bor'), { mark: 'present' })
    const after = edit(attendanceOf('zala'), { mark: 'absent' })
    // Both read history before either writes it: the larger batch's ordered insert meets the
    // shared id already kept, and keeps the rest entry by entry.
    const [alone, together] = await Promise.all([
      pushBatch(context(store, EDITOR), 'attendance', [shared]),
      pushBatch(context(store, EDITOR), 'attendance', [before, shared, after]),
    ])
    expect(statuses(alone)).toEqual(['applied'])
    expect(statuses(together)).toEqual(['applied', 'applied', 'applied'])
    const kept = await store.collection('history').find({}, { sort: { _id: 1 } })
    expect(kept.map((entry) => entry._id).sort()).toEqual([after.id, before.id, shared.id].sort())
    expect(await store.collection('attendance').findById(attendanceOf('zala'))).toMatchObject({
      mark: 'absent',
    })
  })

  it('stamps edits with the authenticated user, whatever the device says', async () => {
    const marked = edit(attendanceOf('ana'), { mark: 'present' }, { device: 'tablet-z' })
    await pushBatch(context(store, ADMIN), 'attendance', [marked])
    expect(await record(attendanceOf('ana'))).toMatchObject({
      _id: attendanceOf('ana'),
      dayId: DAY,
      participant: 'ana@demo.test',
      mark: 'present',
      note: '',
      stamps: { mark: { hlc: marked.hlc, user: ADMIN.username, deviceId: 'tablet-z' } },
    })
    const withUser = { ...edit(attendanceOf('bor'), { mark: 'late' }), user: 'someone-else' }
    const [answer] = await pushBatch(context(store, ADMIN), 'attendance', [withUser])
    expect(answer).toMatchObject({ status: 'rejected', reason: { code: 'invalid' } })
  })

  it.each([
    ['early edit first', false],
    ['late edit first', true],
  ])(
    'two devices’ conflicting batches converge (%s), the loser kept in history',
    async (_label, lateFirst) => {
      const early = edit(
        attendanceOf('ana'),
        { mark: 'present', note: 'on time' },
        {
          device: 'tablet-a',
          wall: NOW,
        },
      )
      const late = edit(
        attendanceOf('ana'),
        { mark: 'absent' },
        { device: 'tablet-b', wall: NOW + 5 },
      )
      const ctxA = context(store, EDITOR)
      const ctxB = context(store, ADMIN)
      const [first, second] = lateFirst
        ? [
            await pushBatch(ctxB, 'attendance', [late]),
            await pushBatch(ctxA, 'attendance', [early]),
          ]
        : [
            await pushBatch(ctxA, 'attendance', [early]),
            await pushBatch(ctxB, 'attendance', [late]),
          ]
      const earlyResult = lateFirst ? second[0] : first[0]
      const lateResult = lateFirst ? first[0] : second[0]
      // The early edit still sets the note nobody else touched, so it counts as applied.
      expect(earlyResult).toEqual({ id: early.id, status: 'applied' })
      expect(lateResult).toEqual({ id: late.id, status: 'applied' })
      expect(await record(attendanceOf('ana'))).toMatchObject({
        mark: 'absent',
        note: 'on time',
        stamps: {
          mark: { hlc: late.hlc, user: ADMIN.username, deviceId: 'tablet-b' },
          note: { hlc: early.hlc, user: EDITOR.username, deviceId: 'tablet-a' },
        },
      })
      const kept = await store.collection('history').find({}, { sort: { hlc: 1 } })
      expect(kept.map((entry) => entry._id)).toEqual([early.id, late.id])
    },
  )

  it('an edit that loses every field is answered superseded, by whom and when, and kept', async () => {
    const winner = edit(
      attendanceOf('ana'),
      { mark: 'late' },
      { device: 'tablet-b', wall: NOW + 9 },
    )
    const loser = edit(attendanceOf('ana'), { mark: 'present' }, { device: 'tablet-a', wall: NOW })
    await pushBatch(context(store, ADMIN), 'attendance', [winner])
    const [answer] = await pushBatch(context(store, EDITOR), 'attendance', [loser])
    const by = { hlc: winner.hlc, user: ADMIN.username, deviceId: 'tablet-b' }
    expect(answer).toEqual({ id: loser.id, status: 'superseded', by })
    expect(await store.collection('history').findById(loser.id)).toMatchObject({
      user: EDITOR.username,
      deviceId: 'tablet-a',
      hlc: loser.hlc,
      fields: { mark: 'present' },
      result: { status: 'superseded', by },
    })
    expect(await record(attendanceOf('ana'))).toMatchObject({ mark: 'late' })
    // Asked again, the same answer: superseded stays superseded.
    const [replayed] = await pushBatch(context(store, EDITOR), 'attendance', [loser])
    expect(replayed).toEqual(answer)
  })

  it('a writer that read before another’s insert re-merges instead of overwriting it', async () => {
    const theirs = edit(
      attendanceOf('ana'),
      { mark: 'late' },
      { device: 'tablet-b', wall: NOW + 9 },
    )
    await pushBatch(context(store, ADMIN), 'attendance', [theirs])
    const mine = [
      edit(attendanceOf('ana'), { mark: 'present' }, { device: 'tablet-a', wall: NOW }),
      edit(attendanceOf('bor'), { mark: 'present' }, { device: 'tablet-a', wall: NOW }),
    ]
    const results = await pushBatch(context(readingStale(store, []), EDITOR), 'attendance', mine)
    expect(results[0]).toEqual({
      id: mine[0]!.id,
      status: 'superseded',
      by: { hlc: theirs.hlc, user: ADMIN.username, deviceId: 'tablet-b' },
    })
    expect(results[1]).toEqual({ id: mine[1]!.id, status: 'applied' })
    expect(await record(attendanceOf('ana'))).toMatchObject({ mark: 'late', rev: 1 })
    expect(await record(attendanceOf('bor'))).toMatchObject({ mark: 'present', rev: 1 })
  })

  it('a writer that read before another’s update loses no field of either (compare-and-set)', async () => {
    await pushBatch(context(store, EDITOR), 'attendance', [
      edit(attendanceOf('ana'), { mark: 'present' }, { wall: NOW }),
    ])
    const before = (await record(attendanceOf('ana'))) as Doc
    await pushBatch(context(store, ADMIN), 'attendance', [
      edit(attendanceOf('ana'), { note: 'bus' }, { device: 'tablet-b', wall: NOW + 5 }),
    ])
    const [mine] = await pushBatch(context(readingStale(store, [before]), EDITOR), 'attendance', [
      edit(attendanceOf('ana'), { mark: 'late' }, { wall: NOW + 7 }),
    ])
    expect(mine?.status).toBe('applied')
    expect(await record(attendanceOf('ana'))).toMatchObject({ mark: 'late', note: 'bus', rev: 3 })
  })

  it('rejects bad and forbidden items with bilingual reasons while the rest apply', async () => {
    const good = edit(attendanceOf('ana'), { mark: 'present' })
    const items: unknown[] = [
      'not an edit',
      { ...edit(attendanceOf('bor'), { mark: 'late' }), hlc: 'yesterday' },
      edit(attendanceOf('bor'), { mark: 'asleep' }),
      edit(attendanceOf('bor'), { colour: 'red' }),
      edit(attendanceOf('bor'), {}),
      // No such date: a day off the calendar is kept with a notice (test/calendar-*.test.ts).
      edit('lfit_20261131:bor@demo.test', { mark: 'present' }),
      edit('bor@demo.test', { mark: 'present' }),
      edit('abs-1', { reason: 'x' }, { collection: 'absences' }),
      good,
    ]
    const results = await pushBatch(context(store, EDITOR), 'attendance', items)
    expect(statuses(results)).toEqual([...Array(8).fill('rejected'), 'applied'])
    const codes = results.map((result) => (result.status === 'rejected' ? result.reason.code : ''))
    expect(codes).toEqual([
      'invalid',
      'invalid',
      'invalidFields',
      'invalidFields',
      'invalidFields',
      'unknownDay',
      'unknownDay',
      'wrongCollection',
      '',
    ])
    for (const result of results) {
      if (result.status !== 'rejected') continue
      expect(result.permanent).toBe(true)
      expect(result.reason.message.sl.length).toBeGreaterThan(0)
      expect(result.reason.message.en.length).toBeGreaterThan(0)
    }
    expect(results[8]).toEqual({ id: good.id, status: 'applied' })
    expect(await store.collection('attendance').count({})).toBe(1)
  })

  it('enforces who may write: participants only their own future absences', async () => {
    const ana = participant('ana')
    const own = edit(
      'abs-ana',
      { participant: ana.username, fromDay: '2026-12-01', toDay: '2026-12-02' },
      {
        collection: 'absences',
      },
    )
    const past = edit(
      'abs-ana-past',
      { participant: ana.username, fromDay: '2026-11-20', toDay: '2026-11-21' },
      {
        collection: 'absences',
      },
    )
    const others = edit(
      'abs-bor',
      { participant: 'bor@demo.test', fromDay: '2026-12-01', toDay: '2026-12-01' },
      {
        collection: 'absences',
      },
    )
    const incomplete = edit('abs-ana-2', { participant: ana.username }, { collection: 'absences' })
    const results = await pushBatch(context(store, ana), 'absences', [
      own,
      past,
      others,
      incomplete,
    ])
    expect(
      results.map((result) => (result.status === 'rejected' ? result.reason.code : result.status)),
    ).toEqual(['applied', 'forbidden', 'forbidden', 'incomplete'])
    const [marking] = await pushBatch(context(store, ana), 'attendance', [
      edit(attendanceOf('ana'), { mark: 'present' }),
    ])
    expect(marking).toMatchObject({
      status: 'rejected',
      reason: { code: 'forbidden' },
      permanent: true,
    })
    // A refused edit changed nothing and is not kept: a retry is judged again, and refused again.
    expect(await store.collection('history').findById(past.id)).toBeNull()
    const [retried] = await pushBatch(context(store, ana, NOW + 60_000), 'absences', [past])
    expect(retried).toMatchObject({ status: 'rejected', reason: { code: 'forbidden' } })
    expect(await store.collection('absences').count({})).toBe(1)
    // The presence editor may edit anyone's absence, past ones included.
    const [excused] = await pushBatch(context(store, EDITOR), 'absences', [
      edit('abs-ana', { excused: true }, { collection: 'absences' }),
    ])
    expect(excused?.status).toBe('applied')
  })

  it('stores nothing of a caller who may not write: no record, no history, no change', async () => {
    await pushBatch(context(store, EDITOR), 'attendance', [
      edit(attendanceOf('ana'), { mark: 'present' }),
    ])
    const nobody = { username: 'nobody@demo.test', roles: [] }
    const collections = [...SYNC_COLLECTIONS, 'history', 'changes']
    const before = await Promise.all(collections.map((name) => store.collection(name).find({})))
    const attendance = Array.from({ length: MAX_BATCH }, (_, at) =>
      edit(attendanceOf(`p${at}`), { mark: 'present' }),
    )
    const absences = Array.from({ length: 10 }, (_, at) =>
      edit(
        `abs-${at}`,
        { participant: 'nobody@demo.test', fromDay: '2026-12-01', toDay: '2026-12-02' },
        { collection: 'absences' },
      ),
    )
    const answers = [
      ...(await pushBatch(context(store, nobody), 'attendance', attendance)),
      ...(await pushBatch(context(store, nobody), 'absences', absences)),
    ]
    expect(answers).toHaveLength(attendance.length + absences.length)
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 'rejected', permanent: true })
      if (answer.status !== 'rejected') continue
      expect(answer.reason.code).toBe('forbidden')
      expect(answer.reason.message.sl).not.toBe(answer.reason.message.en)
    }
    const after = await Promise.all(collections.map((name) => store.collection(name).find({})))
    expect(after).toEqual(before)
  })

  it('answers a repeated id from another user as taken, without replaying their result', async () => {
    const mine = edit(attendanceOf('ana'), { mark: 'present' })
    await pushBatch(context(store, EDITOR), 'attendance', [mine])
    const [theirs] = await pushBatch(context(store, ADMIN), 'attendance', [mine])
    expect(theirs).toMatchObject({ status: 'rejected', reason: { code: 'idTaken' } })
  })
})
