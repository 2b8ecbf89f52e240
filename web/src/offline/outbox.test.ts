import 'fake-indexeddb/auto'
import { liveQuery } from 'dexie'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { decodeHlc, encodeHlc } from '@lfit/domain/sync/hlc'
import { LocalDatabase } from './database'
import { deviceId, observeStamps, recordEdit, type EditInput } from './outbox'

const opened: LocalDatabase[] = []
afterEach(async () => {
  for (const db of opened.splice(0)) db.close()
})

let ids = 0
const newId = () => `id-${++ids}`

function tab(name: string, now: () => number): { db: LocalDatabase; deps: typeof deps } {
  const db = new LocalDatabase(name)
  opened.push(db)
  const deps = { now, newId }
  return { db, deps }
}

const tap = (recordId: string): EditInput => ({
  collection: 'attendance',
  recordId,
  fields: { mark: 'present' },
  user: 'eva@demo.test',
})

describe('an edit put in the outbox', () => {
  it('is stamped later than every edit before it, also when two tabs write the same clock', async () => {
    const name = `outbox-${Math.random()}`
    // The second tab's wall clock is far behind the first's: only the stored clock, read inside
    // each write, keeps its stamps after the first tab's.
    const ahead = tab(name, () => 1_900_000_000_000)
    const behind = tab(name, () => 1_800_000_000_000)
    await deviceId(ahead.db, ahead.deps)
    await deviceId(behind.db, behind.deps)

    // Asked for interleaved, without waiting: the order asked is the order written.
    const made = await Promise.all(
      Array.from({ length: 20 }, (_, index) => {
        const writer = index % 2 === 0 ? ahead : behind
        return recordEdit(writer.db, tap(`day:p${index}`), writer.deps)
      }),
    )
    const queued = await ahead.db.outbox.orderBy('seq').toArray()
    expect(queued.map((entry) => entry.mutation.id)).toEqual(made.map((m) => m.id))
    const stamps = queued.map((entry) => entry.mutation.hlc)
    for (let i = 1; i < stamps.length; i++) expect(stamps[i]! > stamps[i - 1]!).toBe(true)
    // Both tabs are one device: one id, stored once.
    expect(new Set(queued.map((entry) => entry.mutation.deviceId)).size).toBe(1)
  })

  it('is in the outbox once the write has answered, for a database opened afresh', async () => {
    const name = `outbox-${Math.random()}`
    const first = tab(name, () => 1_800_000_000_000)
    const mutation = await recordEdit(first.db, tap('day:ana'), first.deps)
    first.db.close()
    // Opened again at once, as after a reload the moment the mark showed.
    const again = tab(name, () => 1_800_000_000_000)
    const queued = await again.db.outbox.toArray()
    expect(queued.map((entry) => entry.mutation)).toEqual([mutation])
  })

  it('is seen by the live queries that read the outbox, of its collection and of its record', async () => {
    const { db, deps } = tab(`outbox-${Math.random()}`, () => 1_800_000_000_000)
    await deviceId(db, deps)
    const answers: [number, number][] = []
    const watching = liveQuery(() =>
      Promise.all([
        db.outbox.where('mutation.collection').equals('attendance').count(),
        db.outbox.where('mutation.recordId').startsWith('day:').count(),
      ]),
    ).subscribe((answer) => answers.push(answer))
    await vi.waitFor(() => expect(answers.at(-1)).toEqual([0, 0]))
    await recordEdit(db, tap('day:ana'), deps)
    await vi.waitFor(() => expect(answers.at(-1)).toEqual([1, 1]))
    await recordEdit(db, tap('day:bor'), deps)
    await vi.waitFor(() => expect(answers.at(-1)).toEqual([2, 2]))
    watching.unsubscribe()
  })

  it('is not queued, and leaves the clock as it was, when the outbox refuses it', async () => {
    const { db, deps } = tab(`outbox-${Math.random()}`, () => 1_800_000_000_000)
    const kept = await recordEdit(db, tap('day:ana'), deps)
    // The same mutation id again: the outbox's unique index refuses the add.
    const refused = recordEdit(db, tap('day:bor'), { ...deps, newId: () => kept.id })
    await expect(refused).rejects.toThrow()
    expect((await db.outbox.toArray()).map((entry) => entry.mutation.id)).toEqual([kept.id])
    expect((await db.meta.get('hlc'))?.value).toEqual(decodeHlc(kept.hlc))
    const after = await recordEdit(db, tap('day:cene'), deps)
    expect(after.hlc > kept.hlc).toBe(true)
  })
  it('is not queued when the device refuses to store it at once (a full disk)', async () => {
    const { db, deps } = tab(`outbox-${Math.random()}`, () => 1_800_000_000_000)
    const kept = await recordEdit(db, tap('day:ana'), deps)
    const add = vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(() => {
      throw new DOMException('the disk is full', 'QuotaExceededError')
    })
    try {
      await expect(recordEdit(db, tap('day:bor'), deps)).rejects.toThrow('the disk is full')
    } finally {
      add.mockRestore()
    }
    expect((await db.outbox.toArray()).map((entry) => entry.mutation.id)).toEqual([kept.id])
    expect((await db.meta.get('hlc'))?.value).toEqual(decodeHlc(kept.hlc))
  })
})

const DAY_MS = 86_400_000
const NOW = 1_800_000_000_000

// The receive rule (docs/sync-protocol.md#stamps-and-clocks): once a device has pulled a stamp,
// its next edit is stamped later, whatever its own clock says and whether or not it has made an
// edit (and so has an id) before.
describe.each([
  { case: 'a fresh device, clock 46 days behind', clock: NOW - 46 * DAY_MS, hasEdited: false },
  {
    case: 'a device that has edited, clock 46 days behind',
    clock: NOW - 46 * DAY_MS,
    hasEdited: true,
  },
  { case: 'a fresh device, clock one second behind', clock: NOW - 1_000, hasEdited: false },
  { case: 'a fresh device, clock right', clock: NOW, hasEdited: false },
  { case: 'a fresh device, clock ahead', clock: NOW + DAY_MS, hasEdited: true },
])('the next edit after a pull ($case)', ({ clock, hasEdited }) => {
  it('is stamped later than the stamp pulled', async () => {
    const { db, deps } = tab(`outbox-${Math.random()}`, () => clock)
    if (hasEdited) await recordEdit(db, tap('day:bor'), deps)
    const pulled = encodeHlc({ wall: NOW, counter: 3, node: 'device-other' })
    await observeStamps(db, [pulled], clock)
    const edit = await recordEdit(db, tap('day:ana'), deps)
    expect(edit.hlc > pulled).toBe(true)
    expect(edit.deviceId).toBe(decodeHlc(edit.hlc).node)
    expect(decodeHlc(edit.hlc).wall).toBe(Math.max(NOW, clock))
  })
})
