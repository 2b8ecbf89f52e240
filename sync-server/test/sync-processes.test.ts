// Scale-out (docs/sync-protocol.md, issue 3): two server processes on one MongoDB, each with its own
// connection and its own in-process lock, receive overlapping and duplicated batches at once
// while a third pulls. Idempotency, convergence and pull completeness must hold across them.
// (The embedded store belongs to one process by design, so this runs on MongoDB only.)
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Mutation, PullResponse, PushResult } from '@lfit/domain/sync/protocol'
import { pull } from '../src/sync/pull'
import type { Doc, Store } from '../src/store/port'
import {
  EDITOR,
  NOW,
  attendanceOf,
  context,
  edit,
  openTestStore,
  type TestStore,
} from './sync-fixtures'

const worker = fileURLToPath(new URL('./sync-worker.ts', import.meta.url))
const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

function runWorker(uri: string, dbName: string, file: string): Promise<PushResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', worker, uri, dbName, file], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code) => {
      if (code === 0) resolve(JSON.parse(out) as PushResult[])
      else reject(new Error(`sync worker exited with ${code}: ${err}`))
    })
  })
}

const RECORDS = ['ana', 'bor', 'cene', 'dana', 'eva', 'filip'].flatMap((name) =>
  ['lfit_20261116', 'lfit_20261117', 'lfit_20261118', 'lfit_20261119'].map((day) =>
    attendanceOf(name, day),
  ),
)
const MARKS = ['present', 'absent', 'late', 'excused', null]

function batches(device: string, count: number, size: number, salt: number): Mutation[][] {
  let seed = salt
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return seed % n
  }
  return Array.from({ length: count }, (_, b) =>
    Array.from({ length: size }, (_, i) =>
      edit(
        RECORDS[random(RECORDS.length)]!,
        random(3) === 0 ? { note: `n${random(5)}` } : { mark: MARKS[random(MARKS.length)] },
        { device, wall: NOW + b * size + i, id: `${device}-${salt}-${b}-${i}` },
      ),
    ),
  )
}

/** Per record and field, the value of the edit with the latest stamp: what every replica must hold. */
function model(edits: readonly Mutation[]): Map<string, Record<string, unknown>> {
  const state = new Map<string, Record<string, unknown>>()
  for (const one of [...edits].sort((a, b) => (a.hlc < b.hlc ? -1 : 1))) {
    state.set(one.recordId, { mark: null, note: '', ...state.get(one.recordId), ...one.fields })
  }
  return state
}

const values = (doc: Doc | { mark: unknown; note: unknown }) => ({ mark: doc.mark, note: doc.note })

describe('two server processes on one MongoDB', () => {
  let db: TestStore
  let store: Store
  let dir: string
  beforeEach(async () => {
    db = await openTestStore('mongodb')
    store = db.store
    dir = mkdtempSync(join(tmpdir(), 'lfit-sync-workers-'))
  })
  afterEach(async () => {
    await db.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it(
    'keep exactly-once effect, converge, and leave pulls complete',
    { timeout: 180_000 },
    async () => {
      const { uri, dbName } = db.connection
      const shared = batches('tablet-shared', 4, 25, 11)
      const inputs = [batches('tablet-one', 4, 25, 23), batches('tablet-two', 4, 25, 37)].map(
        (own, i) => {
          const file = join(dir, `worker-${i}.json`)
          writeFileSync(
            file,
            JSON.stringify({ user: EDITOR, now: NOW, batches: [...shared, ...own] }),
          )
          return { file, own }
        },
      )
      const running = Promise.all(inputs.map(({ file }) => runWorker(uri, dbName, file)))
      let finished = false
      void running.finally(() => (finished = true)).catch(() => undefined)

      const reader = context(store, EDITOR)
      const view = new Map<string, PullResponse['changes']['attendance'][number]>()
      let cursor: string | null = null
      for (let quiet = false; !quiet;) {
        const wasFinished = finished
        const page: PullResponse = await pull(reader, { v: 1, cursor }, { records: 10, entries: 2 })
        if (page.reset) view.clear()
        for (const record of page.changes.attendance) view.set(record._id, record)
        cursor = page.cursor
        quiet = wasFinished && !page.more
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      const [first, second] = await running

      const all = [...shared.flat(), ...inputs.flatMap(({ own }) => own.flat())]
      // Each process answered every edit it got, and none was refused.
      for (const answers of [first!, second!]) {
        expect(answers).toHaveLength(shared.flat().length + 100)
        expect(answers.filter((answer) => answer.status === 'rejected')).toEqual([])
      }
      expect(await store.collection('history').count({})).toBe(all.length)

      const expected = model(all)
      const stored = await store.collection('attendance').find({})
      expect(new Map(stored.map((doc) => [doc._id as string, values(doc)]))).toEqual(
        new Map([...expected].map(([id, record]) => [id, values(record as Doc)])),
      )
      const current = new Map(stored.map(({ rev: _rev, ...doc }) => [doc._id as string, doc]))
      expect(view).toEqual(current)

      // The log has no gap and nothing left pending.
      const log = await store.collection('changes').find({}, { sort: { _id: 1 } })
      expect(log.map((entry) => entry._id)).toEqual(log.map((_, i) => i + 1))
      expect(log.filter((entry) => entry.state === 'pending')).toEqual([])

      // A third delivery of everything, again from another process, changes nothing.
      const replay = join(dir, 'replay.json')
      writeFileSync(replay, JSON.stringify({ user: EDITOR, now: NOW + 1, batches: shared }))
      const again = await runWorker(uri, dbName, replay)
      const history = new Map(
        (await store.collection('history').find({})).map((h) => [h._id, h.result]),
      )
      expect(again.map(({ id: _id, ...result }) => result)).toEqual(
        again.map((answer) => history.get(answer.id)),
      )
      expect(await store.collection('attendance').find({})).toEqual(stored)
    },
  )
})
