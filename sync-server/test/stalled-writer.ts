// A server instance that dies mid-push, for the two-instance test (docs/0033): it holds an
// instance lease on the MongoDB given in argv, pushes one batch with the real push code through a
// store whose change-log commit never returns, prints "stalled" once the records are written and
// the entry is still pending, and waits to be killed (SIGKILL) or to beat on for as long as the
// test wants a live writer.
// Run with `node --import tsx stalled-writer.ts <uri> <db> <leaseMs> <batch.json>`.
import { readFileSync } from 'node:fs'
import type { Mutation } from '@lfit/domain/sync/protocol'
import { jsonLog } from '../src/http/log'
import { openStore } from '../src/store/open'
import type { Store } from '../src/store/port'
import { CHANGES } from '../src/sync/changelog'
import type { SyncUser } from '../src/sync/context'
import { InstanceLease } from '../src/sync/instances'
import { pushBatch } from '../src/sync/push'

interface WriterInput {
  user: SyncUser
  now: number
  batch: Mutation[]
}

const [uri, dbName, leaseMs, file] = process.argv.slice(2)
if (!uri || !dbName || !leaseMs || !file) {
  throw new Error('usage: stalled-writer.ts <mongodbUri> <dbName> <leaseMs> <batch.json>')
}
const input = JSON.parse(readFileSync(file, 'utf8')) as WriterInput
const opened = await openStore({ mongodbUri: uri, dbName, dataDir: '.' })

// The commit (the pending entry's one conditional update) hangs: everything before it is done.
const stalled: Store = {
  ...opened,
  transaction: (work) => work(stalled),
  collection(name) {
    const collection = opened.collection(name)
    if (name !== CHANGES) return collection
    return Object.assign(Object.create(collection) as typeof collection, {
      upsert: () => {
        process.stdout.write('stalled\n')
        return new Promise<never>(() => undefined)
      },
    })
  },
}
await new InstanceLease(stalled, Number(leaseMs), jsonLog()).start()
await pushBatch({ store: stalled, user: input.user, now: input.now }, 'attendance', input.batch)
