// POST /api/db/{collection}/{operation}?db=…: msgpack in, msgpack out. Every call is
// decided by the one access policy (domain/access/policy) before any store is opened; attendance
// and absences are written only through the sync routes (sync/routes.ts, mounted before these),
// so every edit is merged, kept in history and announced to pulls.
import { Hono, type Context } from 'hono'
import { POLICY, type Caller, type PolicyCollection } from '@lfit/domain/access/policy'
import type { DbOperation } from '@lfit/domain/api/calls'
import type { RandomBytes } from '@lfit/domain/users/password'
import type { Config } from '../config'
import type { UserDirectory } from '../auth/users'
import { clientAddress } from '../http/client'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { decodedPart } from '../http/path'
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

/** Where the data API is mounted (app.ts). */
const DB_PATH = '/api/db/'

/**
 * The collection and operation of `/api/db/{collection}/{operation}`, or null for any other
 * path. Read from the path by one wildcard route instead of a `/:collection/:operation` route:
 * Hono's fastest router (RegExpRouter) cannot hold a parameter segment beside the sync routes'
 * static ones (`/:collection/pull`), and a single route it cannot hold puts every request of
 * the app on the slower tree router (docs/0018-find-under-load.md).
 */
export function dbCallOf(path: string): { collection: string; operation: string } | null {
  if (!path.startsWith(DB_PATH)) return null
  const slash = path.indexOf('/', DB_PATH.length)
  // One segment each, neither empty: `{collection}/{operation}` and nothing after it.
  if (slash <= DB_PATH.length || slash === path.length - 1) return null
  if (path.indexOf('/', slash + 1) >= 0) return null
  return {
    collection: decodedPart(path.slice(DB_PATH.length, slash)),
    operation: decodedPart(path.slice(slash + 1)),
  }
}

/**
 * Counts one attempt of a rate-limited operation (testHash) by the caller's address and name.
 * Made by a function rather than written inline: the server runs through tsx, whose esbuild
 * output names every inline function property at run time, on every call that creates one.
 */
function attempts(c: Context<AppEnv>, deps: DbApiDeps, caller: Caller): (scope: string) => void {
  return (scope) => {
    // The address is read only here, not for every call.
    const ip = clientAddress(c, deps.config.trustProxy)
    const keys = deps.limiter.keysFor(scope, ip, caller?.username)
    if (!deps.limiter.allows(keys)) throw new ApiError('rateLimited')
    deps.limiter.count(keys)
  }
}

export function createDbRoutes(deps: DbApiDeps): Hono<AppEnv> {
  const db = new Hono<AppEnv>()

  db.post('/*', async (c, next) => {
    const call = dbCallOf(c.req.path)
    if (!call) return next()
    const { collection, operation } = call
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
      attempt: attempts(c, deps, caller),
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
