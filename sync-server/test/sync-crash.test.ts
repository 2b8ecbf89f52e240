// A server that dies mid-push (issue 9, docs/0006): whatever point of a batch the process stops
// at, a device that pulls by cursor must end with the server's records, and the device's retry
// of the same edits must change nothing else. The crash is simulated deterministically on both
// stores by a store that throws at a chosen write, which leaves the database exactly as a
// kill -9 at that point would (every earlier write done, nothing after it).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  SYNC_PROTOCOL_VERSION,
  type Mutation,
  type PullResponse,
  type PushResult,
} from '@lfit/domain/sync/protocol'
import { STALE_PENDING_MS } from '../src/sync/changelog'
import { pull } from '../src/sync/pull'
import { pushBatch } from '../src/sync/push'
import type { Collection, Doc, Store } from '../src/store/port'
import {
  EDITOR,
  NOW,
  STORE_KINDS,
  attendanceOf,
  context,
  edit,
  openTestStore,
  type TestStore,
  serverState,
} from './sync-fixtures'

class Crash extends Error {
  constructor(where: string) {
    super(`simulated crash before ${where}`)
    this.name = 'Crash'
  }
}

/** Called before every store call; throwing stops the "process" right before that write. */
type Fault = (collection: string, operation: string, args: readonly unknown[]) => Promise<void>

/** The same database through a store that runs `fault` before each call. */
function faultyStore(store: Store, fault: Fault): Store {
  return {
    kind: store.kind,
    collection(name: string): Collection {
      const inner = store.collection(name)
      return new Proxy(inner, {
        get(target, operation: string) {
          const value = (target as unknown as Record<string, unknown>)[operation]
          if (typeof value !== 'function') return value
          return async (...args: unknown[]) => {
            await fault(name, operation, args)
            return (value as (...a: unknown[]) => unknown).apply(target, args)
          }
        },
      })
    },
    drop: () => store.drop(),
    close: () => Promise.resolve(),
  }
}

const isCommit = (collection: string, operation: string, args: readonly unknown[]) =>
  collection === 'changes' &&
  operation === 'upsert' &&
  (args[1] as { $set?: { state?: unknown } } | undefined)?.$set?.state === 'committed'

/** A device's copy, keyed `collection/id`, kept from pulls by cursor. */
class Puller {
  readonly view = new Map<string, Doc>()
  cursor: string | null = null

  constructor(private readonly store: Store) {}

  /** Pulls at time `now` until the server says there is no more (bounded). */
  async pull(now: number): Promise<void> {
    for (let page = 0; page < 100; page++) {
      const answer: PullResponse = await pull(context(this.store, EDITOR, now), {
        v: SYNC_PROTOCOL_VERSION,
        cursor: this.cursor,
      })
      if (answer.reset) this.view.clear()
      // Read generically: whatever collections the answer carries, by name.
      for (const [collection, rows] of Object.entries(answer.changes)) {
        for (const row of rows as unknown as Doc[])
          this.view.set(`${collection}/${row._id as string}`, row)
      }
      this.cursor = answer.cursor
      if (!answer.more) return
    }
    throw new Error('pull did not finish in 100 pages')
  }
}

describe.each(STORE_KINDS)('a server killed mid-push, on the %s store', (kind) => {
  let db: TestStore
  let store: Store
  beforeEach(async () => {
    db = await openTestStore(kind)
    store = db.store
  })
  afterEach(() => db.close())

  const push = (on: Store, batch: Mutation[], now = NOW): Promise<PushResult[]> =>
    pushBatch(context(on, EDITOR, now), 'attendance', batch)

  /** A device that already pulled once, so that it pulls by cursor from here on. */
  async function deviceWithCursor(): Promise<Puller> {
    await push(store, [edit(attendanceOf('zala'), { mark: 'present' }, { wall: NOW - 1 })])
    const device = new Puller(store)
    await device.pull(NOW)
    expect(device.view.size).toBe(1)
    return device
  }

  const later = NOW + STALE_PENDING_MS + 1

  it('after a kill between the records and the commit, a pull by cursor gets the records', async () => {
    const device = await deviceWithCursor()
    const batch = [
      edit(attendanceOf('ana'), { mark: 'present' }),
      edit(attendanceOf('zala'), { note: 'bus' }),
    ]
    const dying = faultyStore(store, async (collection, operation, args) => {
      if (isCommit(collection, operation, args)) throw new Crash('the commit')
    })
    await expect(push(dying, batch)).rejects.toThrow(Crash)
    // The records hold the edits, though nothing committed announces them.
    expect(await store.collection('attendance').findById(attendanceOf('ana'))).toMatchObject({
      mark: 'present',
    })

    // No retry yet (the device may never come back): the log alone must announce the records.
    await device.pull(later)
    expect(device.view).toEqual(await serverState(store))

    // The device retries the same edits: they are applied once, nothing else changes.
    const again = await push(store, batch, later)
    expect(again.map((answer) => answer.status)).toEqual(['applied', 'applied'])
    expect(await store.collection('history').count({ _id: { $in: batch.map((e) => e.id) } })).toBe(
      2,
    )
    await device.pull(later)
    expect(device.view).toEqual(await serverState(store))
  })

  it('a writer that stalls past the stale limit, writes, then dies: the retry announces it', async () => {
    const device = await deviceWithCursor()
    const batch = [edit(attendanceOf('ana'), { mark: 'late' })]
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let blocked!: () => void
    const reached = new Promise<void>((resolve) => (blocked = resolve))
    const stalling = faultyStore(store, async (collection, operation, args) => {
      if (collection === 'attendance' && (operation === 'insert' || operation === 'bulkUpsert')) {
        blocked()
        await gate
      }
      if (isCommit(collection, operation, args)) throw new Crash('the commit')
    })
    const writing = push(stalling, batch)
    await reached
    // Meanwhile a puller takes the silent entry for a dead writer's and goes past it.
    await device.pull(later)
    release()
    await expect(writing).rejects.toThrow(Crash)
    expect(await store.collection('attendance').findById(attendanceOf('ana'))).toMatchObject({
      mark: 'late',
    })

    // The record changed after the puller passed its entry, and the writer died before it could
    // announce it again: the device's retry is what announces it.
    const again = await push(store, batch, later)
    expect(again.map((answer) => answer.status)).toEqual(['applied'])
    await device.pull(later)
    expect(device.view).toEqual(await serverState(store))
  })

  it('after a kill between the commit and the history, the retry is answered and kept once', async () => {
    const device = await deviceWithCursor()
    const batch = [edit(attendanceOf('ana'), { mark: 'absent' })]
    const dying = faultyStore(store, async (collection, operation) => {
      // History is one ordered insert (a bulk upsert only after a duplicate key).
      if (collection === 'history' && (operation === 'insert' || operation === 'bulkUpsert')) {
        throw new Crash('the history')
      }
    })
    await expect(push(dying, batch)).rejects.toThrow(Crash)
    await device.pull(NOW)
    expect(device.view).toEqual(await serverState(store))

    const again = await push(store, batch)
    expect(again.map((answer) => answer.status)).toEqual(['applied'])
    expect(await store.collection('history').findById(batch[0]!.id)).toMatchObject({
      result: { status: 'applied' },
    })
    await device.pull(NOW)
    expect(device.view).toEqual(await serverState(store))
  })

  it('a fresh device snapshotting after a kill before the commit misses nothing later', async () => {
    const dying = faultyStore(store, async (collection, operation, args) => {
      if (isCommit(collection, operation, args)) throw new Crash('the commit')
    })
    await expect(push(dying, [edit(attendanceOf('ana'), { mark: 'present' })])).rejects.toThrow(
      Crash,
    )
    const fresh = new Puller(store)
    await fresh.pull(NOW)
    await push(store, [edit(attendanceOf('bor'), { mark: 'late' })], NOW + 1)
    await fresh.pull(later)
    expect(fresh.view).toEqual(await serverState(store))
    expect(fresh.view.size).toBe(2)
  })
})
