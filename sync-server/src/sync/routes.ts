// The sync API: POST /api/db/{collection}/upsertBatch, mounted at /api/db before the generic
// data routes, and the pull of every collection, POST /api/sync/pull; /api/db/{collection}/pull
// answers the same for the devices installed before that path (docs/sync-protocol.md,
// docs/0035-every-synced-collection-property-in-its-entry.md). A call on a collection of the
// registry needs a signed-in caller (each edit and read is then judged by the entry's rules);
// any other goes to the access policy, which refuses it as for every data call. The request is
// then read with its wire schema, protocol version first (an app of another version is told to
// update, docs/0005).
import { Hono, type Context } from 'hono'
import { SYNC_PROTOCOL_VERSION, type PushResponse } from '@lfit/domain/sync/protocol'
import type { SyncRegistry } from '@lfit/domain/sync/registry'
import type { Config } from '../config'
import { admitCall, databaseOf } from '../db-api/gate'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { answer } from '../http/msgpack'
import type { StandingAlerts } from '../makeups/alerts'
import type { Store } from '../store/port'
import { protocolOf, type SyncContext } from './context'
import { pullPacked } from './pull'
import { pushEdits } from './push'
import { readSyncRequest } from './request'

export interface SyncRouteDeps {
  /** The synced collections (the app's registry; a test's may add one). */
  registry: SyncRegistry
  stores: (dbName?: string) => Promise<Store>
  config: Pick<Config, 'dbName' | 'dbNames'>
  clock: () => number
  /** Told after a push applied edits: the live feed reads the change log at once. */
  changed?: (() => void) | undefined
  /**
   * Told of the records each push changed, inside its transaction (the claims, and in the
   * default database their mails, are stored with the push), then announces what it claimed
   * before the answer: a participant's standing may have crossed a limit (docs/0021). Told only
   * of a push to a collection whose entry counts for standing, and not of a push that changed
   * nothing (a retry history already answers).
   */
  alerts?: Pick<StandingAlerts, 'claimInPush' | 'announce'>
}

/**
 * Admits a sync call and builds its sync context, with the database it picked. `collection` is
 * null for the pull of every collection.
 */
async function contextOf(
  c: Context<AppEnv>,
  deps: SyncRouteDeps,
  collection: string | null,
  operation: 'upsertBatch' | 'pull',
): Promise<SyncContext<SyncRegistry> & { dbName: string }> {
  if (collection !== null && !Object.hasOwn(deps.registry, collection)) {
    admitCall(c, deps.config, collection, operation)
  }
  const dbName = databaseOf(c, deps.config)
  // c.get, not c.var: Hono builds a new object of all variables on every c.var.
  const session = c.get('session')
  if (!session) {
    const call = { collection: (collection ?? 'sync').slice(0, 60), operation }
    c.var.log.info('call refused', { requestId: c.var.requestId, ...call, reason: 'notLoggedIn' })
    throw new ApiError('notLoggedIn', call)
  }
  return {
    store: await deps.stores(dbName),
    user: { username: session.user.username, roles: session.roles },
    ...(session.actor ? { actor: session.actor.username } : {}),
    now: deps.clock(),
    registry: deps.registry,
    dbName,
  }
}

/** The pull of every synced collection, mounted at /api/sync. */
export function createPullRoutes(deps: SyncRouteDeps): Hono<AppEnv> {
  const sync = new Hono<AppEnv>()
  sync.post('/pull', async (c) => {
    const ctx = await contextOf(c, deps, null, 'pull')
    return answer(c, await pullPacked(ctx, c.var.body))
  })
  return sync
}

export function createSyncRoutes(deps: SyncRouteDeps): Hono<AppEnv> {
  const sync = new Hono<AppEnv>()

  sync.post('/:collection/upsertBatch', async (c) => {
    const collection = c.req.param('collection')
    const ctx = await contextOf(c, deps, collection, 'upsertBatch')
    const request = readSyncRequest(
      protocolOf(ctx).schemas.pushRequest,
      c.var.body,
      'invalidPush',
      { sl: 'paket sprememb ni veljaven', en: 'the batch of edits is not valid' },
    )
    // Only a collection that counts for standing runs the standing check in its push: a player
    // saving its position every few seconds tallies no one's attendance (docs/0035).
    const alerts = deps.registry[collection]?.countsForStanding ? deps.alerts : undefined
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

  // The path every installed device pulls through until it updates: any collection's path
  // answers the pull of every collection, as /api/sync/pull does.
  sync.post('/:collection/pull', async (c) => {
    const ctx = await contextOf(c, deps, c.req.param('collection'), 'pull')
    return answer(c, await pullPacked(ctx, c.var.body))
  })

  return sync
}
