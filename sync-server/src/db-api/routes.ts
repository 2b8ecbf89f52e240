// POST /api/db/{collection}/{operation}?db=… (spec §7): msgpack in, msgpack out. Every call is
// decided by the one access policy (domain/access/policy) before any store is opened; attendance
// and absences are written only through the sync engine, so every edit is merged, kept in
// history and announced to pulls.
import { Hono } from 'hono'
import { decide, POLICY, type PolicyCollection } from '@lfit/domain/access/policy'
import type { DbOperation } from '@lfit/domain/api/calls'
import type { RandomBytes } from '@lfit/domain/users/password'
import {
  pushRequestSchema,
  SYNC_PROTOCOL_VERSION,
  type SyncCollection,
} from '@lfit/domain/sync/protocol'
import type { Config } from '../config'
import { callerOf } from '../auth/session'
import type { UserDirectory } from '../auth/users'
import { clientAddress } from '../http/client'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { answer } from '../http/msgpack'
import type { RateLimiter } from '../http/rate-limit'
import type { Store } from '../store/port'
import { pull } from '../sync/pull'
import { pushBatch } from '../sync/push'
import * as generic from './operations'
import { insertUsers, saveUser, updateUsers } from './users'

export interface DbApiDeps {
  stores: (dbName?: string) => Promise<Store>
  users: UserDirectory
  limiter: RateLimiter
  config: Pick<Config, 'dbName' | 'dbNames' | 'trustProxy'>
  clock: () => number
  randomBytes: RandomBytes
}

/** How a refusal of the policy is answered. */
const REFUSALS = {
  unknownCollection: 'unknownCollection',
  internalCollection: 'forbidden',
  unknownOperation: 'unknownOperation',
  notLoggedIn: 'notLoggedIn',
  forbidden: 'forbidden',
} as const

/** A path parameter shown back in a message: short, whatever the client sent. */
const shown = (value: string) => value.slice(0, 60)

export function createDbRoutes(deps: DbApiDeps): Hono<AppEnv> {
  const db = new Hono<AppEnv>()

  db.post('/:collection/:operation', async (c) => {
    const { collection, operation } = c.req.param()
    const dbName = c.req.query('db')
    if (dbName !== undefined && !deps.config.dbNames.includes(dbName)) {
      throw new ApiError('unknownDatabase', { db: shown(dbName) })
    }
    const caller = callerOf(c.var.session)
    const decision = decide(collection, operation, caller)
    if (!decision.allowed) {
      c.var.log.info('call refused', {
        requestId: c.var.requestId,
        collection: shown(collection),
        operation: shown(operation),
        reason: decision.reason,
        username: caller?.username,
      })
      throw new ApiError(REFUSALS[decision.reason], {
        collection: shown(collection),
        operation: shown(operation),
      })
    }
    const store = await deps.stores(dbName ?? deps.config.dbName)
    const now = deps.clock()
    const ip = clientAddress(c, deps.config.trustProxy)
    const ctx: generic.CallContext = {
      store,
      collection,
      policy: POLICY[collection as PolicyCollection],
      permit: decision.permit,
      caller,
      body: c.var.body,
      attempt: (scope) => {
        const keys = deps.limiter.keysFor(scope, ip, caller?.username)
        if (!deps.limiter.allows(keys)) throw new ApiError('rateLimited')
        deps.limiter.count(keys)
      },
    }
    const userDeps = {
      users: deps.users,
      randomBytes: deps.randomBytes,
      now,
      session: c.var.session?.id,
    }
    const op = operation as DbOperation
    const isUsers = collection === 'users'
    // `decide` granted sync operations only on sync collections and to signed-in callers.
    const syncCtx = () => {
      const session = c.var.session as NonNullable<typeof c.var.session>
      return { store, user: { username: session.user.username, roles: session.roles }, now }
    }
    switch (op) {
      case 'find':
        return answer(c, await generic.find(ctx))
      case 'findOne':
        return answer(c, await generic.findOne(ctx))
      case 'findById':
        return answer(c, await generic.findById(ctx))
      case 'aggregate':
        return answer(c, await generic.aggregate(ctx))
      case 'insert':
        return answer(c, isUsers ? await insertUsers(ctx, userDeps) : await generic.insert(ctx))
      case 'save':
        return answer(c, isUsers ? await saveUser(ctx, userDeps) : await generic.save(ctx))
      case 'upsert':
        return answer(c, isUsers ? await updateUsers(ctx, userDeps) : await generic.upsert(ctx))
      case 'deleteOne': {
        const result = await generic.deleteOne(ctx)
        if (isUsers) deps.users.forgetAll()
        return answer(c, result)
      }
      case 'testHash':
        return answer(c, await generic.testHash(ctx))
      case 'upsertBatch': {
        const parsed = pushRequestSchema.safeParse(c.var.body)
        if (!parsed.success) throw new ApiError('invalidValue', { field: 'batch' })
        const results = await pushBatch(syncCtx(), collection as SyncCollection, parsed.data.batch)
        return answer(c, { v: SYNC_PROTOCOL_VERSION, results })
      }
      case 'pull':
        return answer(c, await pull(syncCtx(), c.var.body))
    }
  })

  return db
}
