// A collection the embedded store keeps on disk only (docs/0026) answers as one held in memory
// does, for everything the sync history asks of it: lookups by `_id`, ordered inserts that stop
// at a duplicate, reads inside a transaction, and nothing seen before it is durable.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openEmbeddedStore } from './embedded'
import { DuplicateKeyError, type Doc, type Store } from './port'

const entry = (id: string, answer = 'applied'): Doc => ({
  _id: id,
  recordId: `20251003-y1-d1:${id}@demo.test`,
  fields: { mark: 'present' },
  result: { status: answer },
  at: new Date(5),
})

describe('an embedded collection kept on disk only', () => {
  let dataDir: string
  let store: Store
  const open = () => openEmbeddedStore(dataDir, 'db', ['history'])

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lfit-disk-'))
    store = await open()
  })
  afterEach(async () => {
    await store.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('finds its documents by _id, by a list of _ids and by a scan, after a reopen too', async () => {
    await store.collection('history').insert([entry('b'), entry('a'), entry('c')])
    const read = async (of: Store) => {
      const history = of.collection('history')
      return {
        one: await history.findById('a'),
        listed: await history.find({ _id: { $in: ['c', 'missing', 'a'] } }, { readOnly: true }),
        all: await history.find({}, { sort: { _id: 1 } }),
        counted: await history.count({}),
      }
    }
    const expected = {
      one: entry('a'),
      listed: [entry('c'), entry('a')],
      all: [entry('a'), entry('b'), entry('c')],
      counted: 3,
    }
    expect(await read(store)).toEqual(expected)
    await store.close()
    store = await open()
    expect(await read(store)).toEqual(expected)
  })

  it('is not held in memory: every read decodes a new document, and changing it changes nothing stored', async () => {
    // Plain data only: a held document with a Date in it is copied for every read.
    const { at: _at, ...plain } = entry('a')
    await store.collection('history').insert(plain)
    await store.collection('records').insert(plain)
    const twice = async (name: string) => {
      const [first] = await store.collection(name).find({ _id: 'a' }, { readOnly: true })
      const [second] = await store.collection(name).find({ _id: 'a' }, { readOnly: true })
      return first === second
    }
    // A collection held in memory answers with the very document it keeps (frozen).
    expect(await twice('records')).toBe(true)
    expect(await twice('history')).toBe(false)
    const found = (await store.collection('history').findById('a')) as Doc
    ;(found.result as Doc).status = 'changed'
    expect(await store.collection('history').findById('a')).toEqual(plain)
  })

  it('stops an ordered insert at a duplicate _id, keeping the documents before it', async () => {
    const history = store.collection('history')
    await history.insert(entry('a'))
    await expect(
      history.insert([entry('b'), entry('a', 'superseded'), entry('c')]),
    ).rejects.toThrow(DuplicateKeyError)
    expect(await history.find({}, { sort: { _id: 1 } })).toEqual([entry('a'), entry('b')])
  })

  it('inside a transaction, reads its own staged writes once each, and others see them only once committed', async () => {
    await store.collection('history').insert([entry('a'), entry('b')])
    let outside: Doc[] = []
    await store.transaction!(async (tx) => {
      const history = tx.collection('history')
      await history.insert(entry('c'))
      await history.upsert({ _id: 'a' }, { $set: { result: { status: 'superseded' } } })
      expect(await history.find({ _id: { $in: ['a', 'b', 'c'] } })).toEqual(
        expect.arrayContaining([
          { ...entry('a'), result: { status: 'superseded' } },
          entry('b'),
          entry('c'),
        ]),
      )
      expect(await history.find({ _id: { $in: ['a', 'b', 'c'] } })).toHaveLength(3)
      outside = await store.collection('history').find({}, { sort: { _id: 1 } })
    })
    expect(outside).toEqual([entry('a'), entry('b')])
    expect(await store.collection('history').find({}, { sort: { _id: 1 } })).toEqual([
      { ...entry('a'), result: { status: 'superseded' } },
      entry('b'),
      entry('c'),
    ])
  })

  it('lets no reader see a write before it is flushed to disk', async () => {
    const history = store.collection('history')
    let acknowledged = false
    const writing = history.insert(entry('a')).then(() => (acknowledged = true))
    const seenEarly: boolean[] = []
    // Reads in every turn of the event loop until the write is acknowledged: lmdb shows a commit
    // before its flush, and none of these reads may.
    while (!acknowledged) {
      seenEarly.push((await history.findById('a')) !== null && !acknowledged)
      await new Promise((resolve) => setImmediate(resolve))
    }
    await writing
    expect(seenEarly.length).toBeGreaterThan(1)
    expect(seenEarly.filter(Boolean)).toEqual([])
    expect(await history.findById('a')).toEqual(entry('a'))
  })

  it('refuses a secondary index, which would have to be held in memory', async () => {
    await expect(store.collection('history').ensureIndex({ key: { recordId: 1 } })).rejects.toThrow(
      /kept on disk only/,
    )
    await store.collection('records').ensureIndex({ key: { recordId: 1 } })
  })
})
