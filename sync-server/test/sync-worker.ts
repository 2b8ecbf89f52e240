// A second (and third) server process for the scale-out test: opens its own connection to the
// MongoDB given in argv, pushes the batches of a JSON file with the real push code, and prints
// the answers as one JSON line. Run with `node --import tsx sync-worker.ts <uri> <db> <file>`.
import { readFileSync } from 'node:fs'
import { openStore } from '../src/store/open'
import { pushBatch } from '../src/sync/push'
import type { Mutation } from '@lfit/domain/sync/protocol'
import type { SyncUser } from '../src/sync/context'

interface WorkerInput {
  user: SyncUser
  now: number
  batches: Mutation[][]
}

const [uri, dbName, file] = process.argv.slice(2)
if (!uri || !dbName || !file)
  throw new Error('usage: sync-worker.ts <mongodbUri> <dbName> <batches.json>')
const input = JSON.parse(readFileSync(file, 'utf8')) as WorkerInput
const store = await openStore({ mongodbUri: uri, dbName, dataDir: '.' })
try {
  const answers = await Promise.all(
    input.batches.map((batch) =>
      pushBatch({ store, user: input.user, now: input.now }, 'attendance', batch),
    ),
  )
  process.stdout.write(`${JSON.stringify(answers.flat())}\n`)
} finally {
  await store.close()
}
