// POST /api/db/{collection}/{operation}?db=…: msgpack in, msgpack out. Every call is
// decided by the one access policy (domain/access/policy) before any store is opened; attendance
// and absences are written only through the sync routes (sync/routes.ts, mounted before these),
// so every edit is merged, kept in history and announced to pulls.
import { Hono } from 'hono'
import { POLICY, type PolicyCollection } from '@lfit/domain/access/policy'
import type { DbOperation } from '@lfit/domain/api/calls'
import type { RandomBytes } from '@lfit/domain/users/password'
import type { Config } from '../config'
import type { UserDirectory } from '../auth/users'
import { clientAddress } from '../http/client'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { answer } from '../http/msgpack'
import type { RateLimiter } from '../http/rate-limit'
import type { Store } from '../store/port'
import { admitCall } from './gate'
import * as generic from './operations'
import { deleteUser, insertUsers, saveUser, updateUsers } from './users'

export interface DbApiDeps {
  stores: (dbName?: string) => Promise<Store>
  users: UserDirectory
  limiter: RateLimiter
  config: Pick<Config, 'dbName' | 'dbNames' | 'trustProxy'>
  clock: () => number
  randomBytes: RandomBytes
}

export function createDbRoutes(deps: DbApiDeps): Hono<AppEnv> {
  const db = new Hono<AppEnv>()

  db.post('/:collection/:operation', async (c) => {
    const { collection, operation } = c.req.param()
    const { dbName, caller, permit } = admitCall(c, deps.config, collection, operation)
    // c.get, not c.var: Hono builds a new object of all variables on every c.var.
    const session = c.get('session')
    const store = await deps.stores(dbName)
    const now = deps.clock()
    const ctx: generic.CallContext = {
      store,
      collection,
      policy: POLICY[collection as PolicyCollection],
      permit,
      caller,
      body: c.get('body'),
      now,
      // The address only for the operations that count attempts (testHash), not for every call.
      attempt: (scope) => {
        const ip = clientAddress(c, deps.config.trustProxy)
        const keys = deps.limiter.keysFor(scope, ip, caller?.username)
        if (!deps.limiter.allows(keys)) throw new ApiError('rateLimited')
        deps.limiter.count(keys)
      },
    }
    const userDeps = {
      users: deps.users,
      randomBytes: deps.randomBytes,
      now,
      session: session?.id,
    }
    const op = operation as DbOperation
    const isUsers = collection === 'users'
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
      case 'deleteOne':
        return answer(c, isUsers ? await deleteUser(ctx, userDeps) : await generic.deleteOne(ctx))
      case 'testHash':
        return answer(c, await generic.testHash(ctx))
    }
  })

  return db
}
