// The floor of a durable push, measured in the same run as the push rows (issue 10): a bare Hono
// app on @hono/node-server that takes the same msgpack batch at the same path, appends its bytes
// to a file, waits for `fdatasync`, and answers every edit applied. No session, validation,
// merge, record, history or standing check: only what any server must do that answers an edit
// once it is on disk. PouchDB's time over this one's is the most any such server could be faster.
import { open } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { SYNC_PROTOCOL_VERSION } from '@lfit/domain/sync/protocol'
import { MSGPACK, pack, unpack } from '../../sync-server/src/http/msgpack'

export interface DurableFloor {
  base: string
  close(): Promise<void>
}

/** Starts the floor on loopback, its file in `dir`. */
export async function startDurableFloor(dir: string): Promise<DurableFloor> {
  const file = await open(join(dir, 'durable-floor.log'), 'a')
  const app = new Hono()
  app.post('/api/db/:collection/upsertBatch', async (c) => {
    const bytes = new Uint8Array(await c.req.arrayBuffer())
    const { batch } = unpack(bytes) as { batch: { id: string }[] }
    await file.write(bytes)
    await file.datasync()
    const results = batch.map(({ id }) => ({ id, status: 'applied' }))
    return c.body(pack({ v: SYNC_PROTOCOL_VERSION, results }), 200, { 'Content-Type': MSGPACK })
  })
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 })
  await new Promise((resolve) => server.once('listening', resolve))
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await new Promise((resolve) => server.close(resolve))
      await file.close()
    },
  }
}
