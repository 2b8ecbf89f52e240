// The pull operation on both stores: snapshots and resets, row filtering, paging, and complete
// pulls while other devices push, including a writer that crashed or stalled mid-batch.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SCHEDULE_DATA } from '@lfit/domain/schedule'
import type { Mutation, PullResponse } from '@lfit/domain/sync/protocol'
import { pull, type PullLimits } from '../src/sync/pull'
import { pushBatch } from '../src/sync/push'
import {
  STALE_PENDING_MS,
  claimChange,
  commitChange,
  contiguousSeq,
  syncEpoch,
} from '../src/sync/changelog'
import { offsetSnapshotCursor } from '../src/sync/cursor'
import { InstanceLease } from '../src/sync/instances'
import { memoryLog } from '../src/http/log'
import type { Store } from '../src/store/port'
import type { SyncContext } from '../src/sync/context'
import {
  EDITOR,
  NOW,
  STORE_KINDS,
  attendanceOf,
  context,
  edit,
  openTestStore,
  participant,
  type TestStore,
  serverState,
} from './sync-fixtures'

type Synced =
  PullResponse['changes']['attendance'][number] | PullResponse['changes']['absences'][number]

/** Pulls until the server says there is no more; answers every page. */
async function pullAll(ctx: SyncContext, cursor: string | null, limits?: PullLimits) {
  const pages: PullResponse[] = []
  for (;;) {
    const page = await pull(ctx, { v: 1, cursor: pages.at(-1)?.cursor ?? cursor }, limits)
    pages.push(page)
    if (!page.more) return pages
  }
}

const idsOf = (pages: PullResponse[]) =>
  pages
    .flatMap((page) => [...page.changes.attendance, ...page.changes.absences].map((r) => r._id))
    .sort()

/** A device's copy: the last version pulled of each record. */
function applyPage(view: Map<string, Synced>, page: PullResponse) {
  if (page.reset) view.clear()
  for (const record of page.changes.attendance) view.set(`attendance/${record._id}`, record)
  for (const record of page.changes.absences) view.set(`absences/${record._id}`, record)
}

const absence = (id: string, who: string, fromDay = '2026-12-01') =>
  edit(id, { participant: `${who}@demo.test`, fromDay, toDay: fromDay }, { collection: 'absences' })

describe.each(STORE_KINDS)('pull on the %s store', (kind) => {
  let db: TestStore
  let store: Store
  beforeEach(async () => {
    db = await openTestStore(kind)
    store = db.store
  })
  afterEach(() => db.close())

  const push = (batch: Mutation[], ctx = context(store, EDITOR)) =>
    pushBatch(ctx, batch[0]!.collection, batch)

  it('starts with a snapshot (reset), then answers only what changed since the cursor', async () => {
    await push([
      edit(attendanceOf('ana'), { mark: 'present' }),
      edit(attendanceOf('bor'), { mark: 'late' }),
    ])
    await push([absence('abs-1', 'ana')])
    const ctx = context(store, EDITOR)
    const first = await pull(ctx, { v: 1, cursor: null })
    expect(first).toMatchObject({ v: 1, reset: true, more: false })
    expect(idsOf([first])).toEqual(['abs-1', attendanceOf('ana'), attendanceOf('bor')].sort())
    expect(first.changes.attendance[0]).not.toHaveProperty('rev')

    const quiet = await pull(ctx, { v: 1, cursor: first.cursor })
    expect(quiet).toMatchObject({
      reset: false,
      more: false,
      changes: { attendance: [], absences: [] },
    })
    expect(quiet.cursor).toBe(first.cursor)

    await push([edit(attendanceOf('bor'), { note: 'bus' }, { wall: NOW + 10 })])
    const next = await pull(ctx, { v: 1, cursor: first.cursor })
    expect(next.reset).toBe(false)
    expect(next.changes.absences).toEqual([])
    expect(next.changes.attendance).toMatchObject([
      { _id: attendanceOf('bor'), mark: 'late', note: 'bus' },
    ])
  })

  it('answers a snapshot with reset to a cursor of another epoch or an unreadable one', async () => {
    await push([edit(attendanceOf('ana'), { mark: 'present' })])
    const ctx = context(store, EDITOR)
    for (const cursor of [
      'some-other-epoch:7',
      'garbage',
      `${(await pull(ctx, { v: 1, cursor: null })).cursor}x`,
    ]) {
      const answer = await pull(ctx, { v: 1, cursor })
      expect(answer.reset).toBe(true)
      expect(idsOf([answer])).toEqual([attendanceOf('ana')])
    }
    await expect(pull(ctx, { v: 1, cursor: 42 })).rejects.toMatchObject({
      name: 'SyncRequestError',
      status: 400,
    })
  })

  it('gives a participant only their own records, in snapshots and in changes', async () => {
    await push([
      edit(attendanceOf('ana'), { mark: 'present' }),
      edit(attendanceOf('bor'), { mark: 'absent' }),
    ])
    await push([absence('abs-ana', 'ana'), absence('abs-bor', 'bor')])
    const ana = context(store, participant('ana'))
    const snapshot = await pull(ana, { v: 1, cursor: null })
    expect(idsOf([snapshot])).toEqual(['abs-ana', attendanceOf('ana')].sort())

    await push([
      edit(attendanceOf('bor'), { note: 'ill' }, { wall: NOW + 1 }),
      edit(attendanceOf('ana'), { note: 'tram' }, { wall: NOW + 1 }),
    ])
    await push([edit('abs-bor', { reason: 'flu' }, { collection: 'absences', wall: NOW + 1 })])
    const changes = await pull(ana, { v: 1, cursor: snapshot.cursor })
    expect(idsOf([changes])).toEqual([attendanceOf('ana')])
    const nobody = await pull(context(store, { username: 'm@demo.test', roles: ['mediaEditor'] }), {
      v: 1,
      cursor: null,
    })
    expect(idsOf([nobody])).toEqual([])
  })

  it('pages snapshots and changes; only the first snapshot page resets', async () => {
    const names = ['ana', 'bor', 'cene', 'dana', 'eva']
    for (const name of names) await push([edit(attendanceOf(name), { mark: 'present' })])
    await push([absence('abs-1', 'ana'), absence('abs-2', 'bor')])
    const ctx = context(store, EDITOR)
    const limits = { records: 3, entries: 2 }
    const pages = await pullAll(ctx, null, limits)
    expect(pages.map((page) => page.reset)).toEqual([true, false, false])
    expect(idsOf(pages)).toEqual(
      [...names.map((name) => attendanceOf(name)), 'abs-1', 'abs-2'].sort(),
    )

    for (const [i, name] of names.entries()) {
      await push([edit(attendanceOf(name), { note: `n${i}` }, { wall: NOW + 1 })])
    }
    const changes = await pullAll(ctx, pages.at(-1)!.cursor, limits)
    expect(changes.length).toBeGreaterThan(1)
    expect(idsOf(changes)).toEqual(names.map((name) => attendanceOf(name)).sort())
  })

  it('pages a snapshot by _id, and still resumes a snapshot cursor of the previous build', async () => {
    const names = ['ana', 'bor', 'cene', 'dana', 'eva']
    for (const name of names) await push([edit(attendanceOf(name), { mark: 'present' })])
    await push([absence('abs-1', 'ana')])
    const ctx = context(store, EDITOR)
    const limits = { records: 2, entries: 2 }
    const sorted = names.map((name) => attendanceOf(name)).sort()

    // A snapshot cursor names the last record sent, never an offset.
    const first = await pull(ctx, { v: 1, cursor: null }, limits)
    expect(first.cursor).toContain(`/after/attendance/${encodeURIComponent(sorted[1]!)}:`)
    // A record that sorts before the cursor, made mid-snapshot, comes through the log.
    await push([edit(attendanceOf('aaron'), { mark: 'late' })])
    const rest = await pullAll(ctx, first.cursor, limits)
    expect(idsOf([first, ...rest])).toEqual([...sorted, 'abs-1'].sort())
    expect(idsOf(await pullAll(ctx, rest.at(-1)!.cursor, limits))).toEqual([attendanceOf('aaron')])

    // A device of the previous build, half-way through a snapshot by offset, goes on from there.
    const old = offsetSnapshotCursor(
      await syncEpoch(store),
      await contiguousSeq(store),
      'attendance',
      3,
    )
    const resumed = await pullAll(ctx, old, limits)
    expect(resumed[0]!.reset).toBe(false)
    expect(idsOf(resumed)).toEqual(
      [...sorted, attendanceOf('aaron')].sort().slice(3).concat('abs-1').sort(),
    )
  })

  it('misses nothing while many devices push at once (two connections, as two servers)', async () => {
    const second = await db.reopen()
    const participants = ['ana', 'bor', 'cene', 'dana', 'eva', 'filip']
    const days = SCHEDULE_DATA.blocks.slice(-2).flatMap((block) => [block.from, block.to])
    const records = participants.flatMap((name) =>
      days.map((day) => attendanceOf(name, `lfit_${day.replaceAll('-', '')}`)),
    )
    const marks = ['present', 'absent', 'late', 'excused', null]
    let seed = 7
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    const pushers = Array.from({ length: 6 }, async (_, device) => {
      const ctx = () => context(device % 2 ? second : store, EDITOR)
      for (let round = 0; round < 5; round++) {
        const batch = Array.from({ length: 20 }, () =>
          edit(
            records[random(records.length)]!,
            { mark: marks[random(marks.length)] },
            {
              device: `tablet-${device}`,
              wall: NOW + round * 100 + random(100),
            },
          ),
        )
        await pushBatch(ctx(), 'attendance', batch)
      }
    })
    const view = new Map<string, Synced>()
    let cursor: string | null = null
    let pushing = true
    const done = Promise.all(pushers).finally(() => {
      pushing = false
    })
    const reader = context(store, EDITOR)
    while (pushing) {
      const page: PullResponse = await pull(reader, { v: 1, cursor }, { records: 25, entries: 3 })
      applyPage(view, page)
      cursor = page.cursor
      // Like a device between requests: let the pushers' I/O complete (the embedded store can
      // answer reads without leaving the microtask queue, which would starve its writes).
      await new Promise((resolve) => setImmediate(resolve))
    }
    await done
    for (const page of await pullAll(reader, cursor)) applyPage(view, page)
    expect(view).toEqual(await serverState(store))
    expect(view.size).toBeGreaterThan(0)
  })

  it('skips a crashed writer’s entry only once it is stale, then goes on', async () => {
    const ctx = context(store, EDITOR)
    const start = await pullAll(ctx, null)
    const crashed = await claimChange(store, NOW, [])
    await push([edit(attendanceOf('ana'), { mark: 'present' })])

    const soon = await pull(context(store, EDITOR, NOW + STALE_PENDING_MS - 1), {
      v: 1,
      cursor: start.at(-1)!.cursor,
    })
    expect(idsOf([soon])).toEqual([])
    const later = await pull(context(store, EDITOR, NOW + STALE_PENDING_MS), {
      v: 1,
      cursor: soon.cursor,
    })
    expect(idsOf([later])).toEqual([attendanceOf('ana')])
    expect(await store.collection('changes').findById(crashed)).toMatchObject({
      state: 'abandoned',
    })
  })

  it('waits for an entry while its instance holds a lease, and passes it at once when the lease is gone', async () => {
    const ctx = context(store, EDITOR)
    const start = await pullAll(ctx, null)
    const lease = new InstanceLease(store, 60_000, memoryLog())
    await lease.start()
    const claimed = await claimChange(store, NOW, [])
    expect(await store.collection('changes').findById(claimed)).toMatchObject({ owner: lease.id })
    await push([edit(attendanceOf('ana'), { mark: 'present' })])
    const waiting = await pull(ctx, { v: 1, cursor: start.at(-1)!.cursor })
    expect(idsOf([waiting])).toEqual([])
    // The instance's lease document is gone (it stopped without committing, or an operator
    // removed a dead one): no stale limit to wait for.
    await lease.stop()
    const passed = await pull(ctx, { v: 1, cursor: waiting.cursor })
    expect(idsOf([passed])).toEqual([attendanceOf('ana')])
    expect(await store.collection('changes').findById(claimed)).toMatchObject({
      state: 'abandoned',
    })
  })

  it('a stalled writer whose entry was abandoned announces its records under a new number', async () => {
    const ctx = context(store, EDITOR)
    const start = await pullAll(ctx, null)
    const stalled = await claimChange(store, NOW, [])
    const skipped = await pull(context(store, EDITOR, NOW + STALE_PENDING_MS), {
      v: 1,
      cursor: start.at(-1)!.cursor,
    })
    // The stalled writer wakes up, writes and commits: its entry is gone, so it takes a new one.
    await store.collection('attendance').insert({
      _id: attendanceOf('ana'),
      dayId: 'lfit_20261116',
      participant: 'ana@demo.test',
      mark: 'late',
      note: '',
      stamps: {},
      rev: 1,
    })
    const committed = await commitChange(
      store,
      stalled,
      [{ collection: 'attendance', id: attendanceOf('ana') }],
      NOW,
    )
    expect(committed).toBeGreaterThan(stalled)
    const next = await pull(ctx, { v: 1, cursor: skipped.cursor })
    expect(next.changes.attendance).toMatchObject([{ _id: attendanceOf('ana'), mark: 'late' }])
  })
})
