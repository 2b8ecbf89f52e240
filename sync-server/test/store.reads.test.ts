// Reads on both stores (the same contract as store.contract.test.ts): an index lookup with a
// sort, skip, limit or projection answers exactly what a scan of an unindexed copy answers, and
// a read-only answer (the data API's, encoded at once) can never change what the store holds.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openStore } from '../src/store/open'
import {
  inTransaction,
  type Collection,
  type Doc,
  type FindOptions,
  type Query,
  type Store,
} from '../src/store/port'

const dbName = `reads_${randomBytes(4).toString('hex')}`
const dataDir = mkdtempSync(join(tmpdir(), 'lfit-reads-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const adapters: [Store['kind'], () => Promise<Store>][] = [
  ['embedded', () => openStore({ dataDir, dbName })],
  ['mongodb', () => openStore({ mongodbUri: inject('mongoUri'), dataDir, dbName })],
]

/** Documents with the shapes an equality lookup must get right: arrays, numbers, booleans, gaps. */
function people(): Doc[] {
  const docs: Doc[] = []
  for (let i = 0; i < 60; i++) {
    docs.push({
      _id: `d${String(i).padStart(2, '0')}`,
      p: i % 7 === 0 ? ['a', 'x'] : i % 5 === 0 ? 1 : i % 11 === 0 ? true : ['a', 'b', 'c'][i % 3],
      day: 100 - i,
      ...(i % 13 === 0 ? {} : { q: i % 4 }),
      nested: { list: [i, { deep: `v${i}` }] },
    })
  }
  // Equal as MongoDB compares index keys: 1 and 1.0; a missing field and null are not `'a'`.
  docs.push({ _id: 'n1', p: 1.0, day: 0 }, { _id: 'n2', p: null, day: 0 }, { _id: 'n3', day: 0 })
  return docs
}

describe.each(adapters)('%s store reads', (kind, open) => {
  let store: Store
  let indexed: Collection
  let unique: Collection
  let plain: Collection

  beforeAll(async () => {
    store = await open()
    indexed = store.collection('indexed')
    unique = store.collection('unique')
    plain = store.collection('plain')
    await indexed.ensureIndex({ key: { p: 1 } })
    await indexed.ensureIndex({ key: { p: 1, q: 1 } })
    await unique.ensureIndex({ key: { day: 1 }, unique: true })
    await indexed.insert(people())
    await plain.insert(people())
    await unique.insert(people().filter((doc) => doc.day !== 0))
    // Moved between postings after the index was built: a lookup follows the live view.
    for (const target of [indexed, plain]) {
      await target.upsert({ _id: 'd01' }, { $set: { p: 'c' } })
      await target.upsert({ _id: 'd02' }, { $set: { p: 'a' } })
      await target.deleteOne({ _id: 'd03' })
    }
  })
  afterAll(async () => {
    await store.drop()
    await store.close()
  })

  const lookups: Query[] = [
    { p: 'a' },
    { p: 'b' },
    { p: 1 },
    { p: 1.0 },
    { p: true },
    { p: 'missing' },
    { p: 'a', q: 2 },
    { q: 1, p: 'c' },
    { p: 'a', q: 0 },
    { _id: 'd10' },
    { _id: 'nothing' },
    { p: null },
    { p: 'a', day: { $gt: 50 } },
    // A list of values: the union of their lookups, a document holding two of them once.
    { p: { $in: ['a', 'x'] } },
    { p: { $in: [1, true, 'missing'] } },
    { p: { $in: [] } },
    { _id: { $in: ['d10', 'd20', 'd10', 'nothing'] } },
    { _id: { $in: [] } },
    { q: { $in: [1, 2] } },
  ]
  const windows: FindOptions[] = [
    {},
    { limit: 3 },
    { skip: 2, limit: 4 },
    { skip: 50 },
    { sort: { day: 1 } },
    { sort: { day: -1 }, skip: 1, limit: 5 },
    { limit: 2, projection: { day: 1 } },
    { sort: { day: 1 }, limit: 3, projection: { p: 0, nested: 0 } },
  ]

  it('answers an index lookup with a window exactly as a scan does', async () => {
    for (const query of lookups) {
      const matching = (await plain.find(query)).map((doc) => doc._id)
      for (const options of windows) {
        const scanned = await plain.find(query, { sort: { _id: 1 }, ...options })
        const looked = await indexed.find(query, { sort: { _id: 1 }, ...options })
        expect(looked, JSON.stringify({ query, options })).toEqual(scanned)
        // Without a sort the order is the store's own, but the window holds as many documents.
        const unsorted = await indexed.find(query, { ...options, sort: options.sort })
        expect(unsorted.length, JSON.stringify({ query, options })).toBe(scanned.length)
        for (const doc of unsorted) expect(matching).toContain(doc._id)
      }
      expect(await indexed.count(query)).toBe(await plain.count(query))
    }
  })

  it('answers a unique index lookup with the one holder', async () => {
    expect(await unique.find({ day: 90 })).toEqual(await plain.find({ day: 90 }))
    expect(await unique.find({ day: 90 }, { projection: { _id: 1 } })).toEqual([{ _id: 'd10' }])
    expect(await unique.find({ day: -5 })).toEqual([])
    expect(await unique.count({ day: 90 })).toBe(1)
  })

  it('a read-only answer can never change the stored documents', async () => {
    const before = await indexed.find({ p: 'a' }, { sort: { _id: 1 } })
    const answer = await indexed.find({ p: 'a' }, { sort: { _id: 1 }, readOnly: true })
    expect(answer).toEqual(before)
    // The embedded store's answer of frozen documents is frozen itself (store/port.ts).
    expect(Object.isFrozen(answer)).toBe(kind === 'embedded')
    const [first] = answer
    const attempts = [
      () => (first!.p = 'changed'),
      () => delete first!.day,
      () => ((first!.nested as { list: unknown[] }).list as unknown[]).push('more'),
      () => (((first!.nested as { list: unknown[] }).list[1] as { deep: string }).deep = 'x'),
    ]
    for (const attempt of attempts) {
      // The embedded store hands out its own documents frozen: a change throws. MongoDB answers
      // copies: a change stays in the copy.
      if (kind === 'embedded') expect(attempt).toThrow(TypeError)
      else attempt()
    }
    const one = await indexed.findOne({ _id: first!._id }, { readOnly: true })
    if (kind === 'embedded') expect(() => (one!.p = 'changed')).toThrow(TypeError)
    expect(await indexed.find({ p: 'a' }, { sort: { _id: 1 } })).toEqual(before)
    // An ordinary answer is still the caller's own to change.
    const [mine] = await indexed.find({ _id: first!._id })
    mine!.p = 'mine'
    ;((mine!.nested as { list: unknown[] }).list as unknown[]).push('mine')
    expect(await indexed.findById(first!._id)).toEqual(before[0])
  })

  it('a read-only answer is frozen to its last value, whatever the caller froze before', async () => {
    // The embedded store tells a document it froze by its being frozen (docs/0021): so it must
    // never keep a caller's object, frozen only on the outside, as its own.
    const c = store.collection('frozen')
    const outside = Object.freeze({ _id: 'f', nested: { list: [1] } })
    await c.insert(outside)
    await c.save(Object.freeze({ _id: 'g', nested: { list: [2] } }))
    const [read] = await c.find({ _id: 'f' }, { readOnly: true })
    // A copy of a read-only answer, written back under a new id, is the store's own again.
    await c.insert({ ...read!, _id: 'h' })
    for (const id of ['f', 'g', 'h']) {
      const [doc] = await c.find({ _id: id }, { readOnly: true })
      const change = () => ((doc!.nested as { list: unknown[] }).list as unknown[]).push('more')
      if (kind === 'embedded') expect(change).toThrow(TypeError)
      else change()
    }
    expect((await c.find({}, { sort: { _id: 1 } })).map((doc) => doc.nested)).toEqual([
      { list: [1] },
      { list: [2] },
      { list: [1] },
    ])
  })

  it('answers the lowest and highest _id after inserts, updates and deletes of either end', async () => {
    const log = store.collection('ends')
    const ends = async () => [
      (await log.findOne({}, { sort: { _id: 1 } }))?._id,
      (await log.findOne({}, { sort: { _id: -1 }, projection: { _id: 1 } }))?._id,
      (await log.find({}, { sort: { _id: -1 }, limit: 1 })).map((doc) => doc._id),
    ]
    expect(await ends()).toEqual([undefined, undefined, []])
    // Numbers compare as numbers (10 after 9), not as the text of their keys.
    await log.insert([5, 9, 10, 2].map((_id) => ({ _id, state: 'committed' })))
    expect(await ends()).toEqual([2, 10, [10]])
    await log.insert({ _id: 11 })
    await log.upsert({ _id: 11 }, { $set: { state: 'pending' } })
    await log.insert({ _id: 1.5 })
    expect(await ends()).toEqual([1.5, 11, [11]])
    await log.deleteOne({ _id: 11 })
    await log.deleteOne({ _id: 1.5 })
    expect(await ends()).toEqual([2, 10, [10]])
    // MongoDB's order of types: every number before every string.
    await log.insert({ _id: 'a' })
    expect(await ends()).toEqual([2, 'a', ['a']])
    await log.deleteMany({})
    expect(await ends()).toEqual([undefined, undefined, []])
    await log.insert({ _id: 3 })
    expect(await ends()).toEqual([3, 3, [3]])
  })

  it('answers finds sorted by _id in MongoDB order while documents come and go', async () => {
    const pages = store.collection('pages')
    const ids: (string | number)[] = ['m', 'b', 10, 'ž', 'a2', 9, 'a10', -1, 'B', 'a']
    await pages.insert(ids.map((_id, n) => ({ _id, n })))
    const expected = (list: readonly (string | number)[]) =>
      [...list].sort((a, b) =>
        typeof a === typeof b ? (a < b ? -1 : a > b ? 1 : 0) : typeof a === 'number' ? -1 : 1,
      )
    const check = async (held: readonly (string | number)[]) => {
      const order = expected(held)
      const idsOf = (docs: Doc[]) => docs.map((doc) => doc._id)
      expect(idsOf(await pages.find({}, { sort: { _id: 1 } }))).toEqual(order)
      expect(idsOf(await pages.find({}, { sort: { _id: -1 } }))).toEqual([...order].reverse())
      expect(idsOf(await pages.find({}, { sort: { _id: 1 }, skip: 2, limit: 3 }))).toEqual(
        order.slice(2, 5),
      )
      // Pages after the last `_id` sent, as a pull's snapshot reads them.
      for (const after of ['a', 'a10', 'c', '', 'zz', 9, 5]) {
        const later = order.filter((id) => typeof id === typeof after && id > after)
        expect(
          idsOf(await pages.find({ _id: { $gt: after } }, { sort: { _id: 1 }, limit: 3 })),
        ).toEqual(later.slice(0, 3))
        expect(
          idsOf(await pages.find({ _id: { $gte: after }, n: { $gte: 0 } }, { sort: { _id: 1 } })),
        ).toEqual(order.filter((id) => typeof id === typeof after && id >= after))
        expect(idsOf(await pages.find({ _id: { $gte: after } }, { sort: { _id: 1 } }))).toEqual(
          order.filter((id) => typeof id === typeof after && id >= after),
        )
      }
    }
    await check(ids)
    await pages.insert([{ _id: 'a1', n: 20 }, { _id: 0 }, { _id: 'zz', n: 21 }])
    await pages.upsert({ _id: 'm' }, { $set: { n: 30 } })
    await check([...ids, 'a1', 0, 'zz'])
    await pages.deleteOne({ _id: 'b' })
    await pages.insert({ _id: 'b0', n: 22 })
    await check([...ids.filter((id) => id !== 'b'), 'a1', 0, 'zz', 'b0'])
  })

  it('a read-only answer holding a Date is a copy: the stored Date stays as it was', async () => {
    const c = store.collection('dates')
    await c.insert({ _id: 'x', at: new Date('2026-01-02T00:00:00Z'), list: [1] })
    const answer = await c.find({ _id: 'x' }, { readOnly: true })
    // Not a frozen answer: a caller may keep nothing per document of it (store/port.ts).
    expect(Object.isFrozen(answer)).toBe(false)
    const [doc] = answer
    ;(doc!.at as Date).setTime(0)
    expect(await c.findById('x')).toEqual({
      _id: 'x',
      at: new Date('2026-01-02T00:00:00Z'),
      list: [1],
    })
  })

  it('an index lookup follows every write, in and out of a transaction, in a stable order', async () => {
    // The embedded store's postings hold the documents themselves (docs/0018): each write must
    // leave the new version in them, and an edit that keeps the indexed value keeps its place.
    const c = store.collection('postings')
    await c.ensureIndex({ key: { p: 1 } })
    await c.insert(['a0', 'a1', 'a2', 'a3', 'a4', 'a5'].map((_id) => ({ _id, p: 'a', v: 0 })))
    await c.insert({ _id: 'b0', p: 'b', v: 0 })
    const lookup = async (p: string, limit = 0) =>
      (await c.find({ p }, { limit, readOnly: true })).map((doc) => `${doc._id}:${doc.v}`)
    // The order without a sort is the store's own: the embedded store's is asserted (an edit
    // keeps a document's place); the MongoDB test server's is not MongoDB's, so there the set.
    const expectLookup = async (p: string, expected: string[], limit = 0) => {
      if (kind === 'embedded') expect(await lookup(p, limit)).toEqual(expected)
      else if (limit === 0) expect((await lookup(p)).sort()).toEqual([...expected].sort())
    }
    await expectLookup('a', ['a0:0', 'a1:0', 'a2:0', 'a3:0'], 4)
    await c.upsert({ _id: 'a1' }, { $set: { v: 1 } })
    await expectLookup('a', ['a0:0', 'a1:1', 'a2:0', 'a3:0'], 4)
    await c.upsert({ _id: 'a2' }, { $set: { p: 'b', v: 2 } })
    await expectLookup('a', ['a0:0', 'a1:1', 'a3:0', 'a4:0', 'a5:0'])
    expect((await lookup('b')).sort()).toEqual(['a2:2', 'b0:0'])
    await c.deleteOne({ _id: 'a0' })
    await expectLookup('a', ['a1:1', 'a3:0'], 2)
    await inTransaction(store, async (tx) => {
      const t = tx.collection('postings')
      await t.upsert({ _id: 'a3' }, { $set: { v: 3 } })
      await t.insert({ _id: 'a6', p: 'a', v: 6 })
      await t.deleteOne({ _id: 'a4' })
      const seen = await t.find({ p: 'a' }, { sort: { _id: 1 } })
      expect(seen.map((doc) => `${doc._id}:${doc.v}`)).toEqual(['a1:1', 'a3:3', 'a5:0', 'a6:6'])
    })
    await expectLookup('a', ['a1:1', 'a3:3', 'a5:0', 'a6:6'])
    // A transaction that fails keeps what it wrote before (`transaction` in store/port.ts): the
    // lookups show it, as after the same calls one by one.
    const failed = inTransaction(store, async (tx) => {
      const t = tx.collection('postings')
      await t.upsert({ _id: 'a5' }, { $set: { p: 'b' } })
      await t.insert({ _id: 'a7', p: 'a', v: 7 })
      throw new Error('given up')
    })
    await expect(failed).rejects.toThrow('given up')
    await expectLookup('a', ['a1:1', 'a3:3', 'a6:6', 'a7:7'])
    // Where a document that came to hold a value stands differs between the stores.
    expect((await lookup('b')).sort()).toEqual(['a2:2', 'a5:0', 'b0:0'])
  })

  it('a page read again is answered anew after every kind of write to its entry', async () => {
    // The embedded store keeps a read-only lookup's page until its index entry changes, and the
    // data API keeps that page's bytes by it (docs/0054-find-under-load.md): each write below
    // must drop it, so the next read shows the write. At most two documents match at a time, so
    // a limit of two is every match on either store, whatever order it keeps.
    const c = store.collection('pages')
    await c.ensureIndex({ key: { p: 1 } })
    await c.insert(['k0', 'k1'].map((_id) => ({ _id, p: 'k', v: 0 })))
    const read = (limit = 2) => c.find({ p: 'k' }, { limit, readOnly: true })
    const shown = async () => (await read()).map((doc) => `${doc._id}:${doc.v}`).sort()
    const writes: [string, () => Promise<unknown>, string[]][] = [
      [
        'an edit keeping the value',
        () => c.upsert({ _id: 'k0' }, { $set: { v: 1 } }),
        ['k0:1', 'k1:0'],
      ],
      ['a move out', () => c.upsert({ _id: 'k1' }, { $set: { p: 'other' } }), ['k0:1']],
      ['a move in', () => c.upsert({ _id: 'k1' }, { $set: { p: 'k', v: 2 } }), ['k0:1', 'k1:2']],
      ['a delete', () => c.deleteOne({ _id: 'k0' }), ['k1:2']],
      ['an insert', () => c.insert({ _id: 'k3', p: 'k', v: 3 }), ['k1:2', 'k3:3']],
      [
        'a transaction',
        () =>
          inTransaction(store, async (tx) => {
            await tx.collection('pages').upsert({ _id: 'k3' }, { $set: { v: 4 } })
          }),
        ['k1:2', 'k3:4'],
      ],
    ]
    expect(await shown()).toEqual(['k0:0', 'k1:0'])
    for (const [write, run, expected] of writes) {
      // A page is answered again only to a find that asks for as many documents...
      expect(await read(1), write).toHaveLength(1)
      const before = await read()
      // ...and then, unchanged, it is the same answer (the embedded store's kept page).
      if (kind === 'embedded') expect(await read(), write).toBe(before)
      await run()
      expect(await shown(), write).toEqual(expected)
    }
    if (kind !== 'embedded') return
    // A delete from an entry longer than the page leaves as many documents to answer: the page
    // must still be read anew (the embedded store's order is asserted, as above).
    await c.insert({ _id: 'k5', p: 'k', v: 5 })
    const [first] = await read()
    await read()
    await c.deleteOne({ _id: first!._id })
    expect((await read()).map((doc) => doc._id)).not.toContain(first!._id)
  })
})
