// The sync API as its own sub-app, mounted at /api/db before the generic data routes:
// POST /api/db/{collection}/upsertBatch and /api/db/{collection}/pull (docs/sync-protocol.md).
// The access policy gates them like every data call; then the request is read with its wire
// schema, protocol version first (an app of another version is told to update, docs/0005).
import { Hono, type Context } from 'hono'
import { SYNC_PROTOCOL_VERSION, type PushResponse } from '@lfit/domain/sync/protocol'
import type { Config } from '../config'
import { admitCall } from '../db-api/gate'
import type { AppEnv } from '../http/env'
import { answer } from '../http/msgpack'
import type { StandingAlerts } from '../makeups/alerts'
import type { Store } from '../store/port'
import { protocolOf, type SyncContext } from './context'
import { pull } from './pull'
import { pushEdits } from './push'
import { readSyncRequest } from './request'

export interface SyncRouteDeps {
  stores: (dbName?: string) => Promise<Store>
  config: Pick<Config, 'dbName' | 'dbNames'>
  clock: () => number
  /** Told after a push applied edits: the live feed reads the change log at once. */
  changed?: (() => void) | undefined
  /**
   * Told of the records each push changed, inside its transaction (the claims, and in the
   * default database their mails, are stored with the push), then announces what it claimed
   * before the answer: a participant's standing may have crossed a limit (docs/0021). Not told
   * of a push that changed nothing (a retry history already answers).
   */
  alerts?: Pick<StandingAlerts, 'claimInPush' | 'announce'>
}

export function createSyncRoutes(deps: SyncRouteDeps): Hono<AppEnv> {
  const sync = new Hono<AppEnv>()

  /**
   * Admits the call and builds its sync context, with the database it picked; the policy grants
   * sync to signed-in callers.
   */
  async function contextOf(
    c: Context<AppEnv>,
    collection: string,
    operation: 'upsertBatch' | 'pull',
  ): Promise<SyncContext & { dbName: string }> {
    const { dbName } = admitCall(c, deps.config, collection, operation)
    const session = c.var.session as NonNullable<typeof c.var.session>
    return {
      store: await deps.stores(dbName),
      user: { username: session.user.username, roles: session.roles },
      now: deps.clock(),
      dbName,
    }
  }

  sync.post('/:collection/upsertBatch', async (c) => {
    const collection = c.req.param('collection')
    const ctx = await contextOf(c, collection, 'upsertBatch')
    const request = readSyncRequest(
      protocolOf(ctx).schemas.pushRequest,
      c.var.body,
      'invalidPush',
      { sl: 'paket sprememb ni veljaven', en: 'the batch of edits is not valid' },
    )
    const alerts = deps.alerts
    // The outbox lives in the default database: a push there queues its mails in its own
    // transaction (docs/0021).
    const outboxHere = ctx.dbName === deps.config.dbName
    const { results, announced, alongside } = await pushEdits(
      ctx,
      collection,
      request.batch,
      alerts &&
        ((store, changed) =>
          alerts.claimInPush(
            { store, committed: ctx.store, outboxHere },
            collection,
            changed,
            c.var.log,
          )),
    )
    // Only a push that wrote to the change log has anything to poke about: a retry answered
    // from history is 'applied' but wrote nothing (docs/0012).
    if (announced.length > 0) deps.changed?.()
    if (alerts && alongside && alongside.crossings.length > 0) {
      // The claims are stored; a failure to queue a mail is logged, the push is answered.
      await alerts.announce(ctx.store, alongside).catch((error: unknown) => {
        c.var.log.error('makeup standing alerts failed', { collection, error: String(error) })
      })
    }
    return answer(c, { v: SYNC_PROTOCOL_VERSION, results } satisfies PushResponse)
  })

  sync.post('/:collection/pull', async (c) => {
    const ctx = await contextOf(c, c.req.param('collection'), 'pull')
    return answer(c, await pull(ctx, c.var.body))
  })

  return sync
}
