// The embedded store writes documents as plain msgpack maps (docs/0025); documents written before
// with lmdb's default encoding (msgpack records) must read exactly as they did, and both kinds
// side by side in one collection.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { open } from 'lmdb'
import { afterEach, describe, expect, it } from 'vitest'
import { openEmbeddedStore } from './embedded'
import type { Doc } from './port'

const record = (id: string): Doc => ({
  _id: id,
  dayId: '20251003-y1-d1',
  participant: 'ana@demo.test',
  mark: 'present',
  note: '',
  stamps: { mark: { hlc: '0001759485600000:0001:dev', user: 'u@demo.test', deviceId: 'dev' } },
  list: [1, null, { deep: ['a'] }],
  at: new Date(5),
  rev: 1,
})

describe('embedded store encoding', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('reads documents written with the earlier encoding as before, beside new ones', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lfit-encoding-'))
    dirs.push(dataDir)
    // As the store wrote them before: lmdb's default msgpack encoding, keyed by canonical `_id`.
    const before = open({ path: join(dataDir, 'db', 'data.mdb'), maxDbs: 1000 })
    const earlier = before.openDB<Doc, string>({ name: 'attendance' })
    await before.transaction(() => earlier.put('s:old', record('old')))
    await before.close()

    const store = await openEmbeddedStore(dataDir, 'db')
    await store.collection('attendance').insert(record('new'))
    await store.close()

    const reopened = await openEmbeddedStore(dataDir, 'db')
    const docs = await reopened.collection('attendance').find({}, { sort: { _id: 1 } })
    expect(docs).toEqual([record('new'), record('old')])
    for (const doc of docs) {
      expect(Object.getPrototypeOf(doc)).toBe(Object.prototype)
      expect(Object.getPrototypeOf(doc.stamps)).toBe(Object.prototype)
      expect(doc.at).toBeInstanceOf(Date)
    }
    await reopened.close()
  })
})
