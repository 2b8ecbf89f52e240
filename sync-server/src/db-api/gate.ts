// The gate every /api/db call passes before any store is opened: a known database, then the one
// access policy (domain/access/policy). Shared by the generic data routes and the sync routes, so
// both refuse the same calls with the same answers.
import type { Context } from 'hono'
import { decide, type Permit } from '@lfit/domain/access/policy'
import { callerOf } from '../auth/session'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'

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

export interface Admitted {
  /** The database the call reads or writes. */
  dbName: string
  caller: ReturnType<typeof callerOf>
  permit: Permit
}

/** Admits the call or throws the refusal; `dbNames` are the databases a call may pick. */
export function admitCall(
  c: Context<AppEnv>,
  config: { dbName: string; dbNames: readonly string[] },
  collection: string,
  operation: string,
): Admitted {
  const dbName = databaseOf(c, config)
  // c.get, not c.var: Hono builds a new object of all variables on every c.var.
  const caller = callerOf(c.get('session'))
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
  return { dbName, caller, permit: decision.permit }
}

/** The database a call picks with `?db=` (the default without it); an unknown one is refused. */
export function databaseOf(
  c: Context<AppEnv>,
  config: { dbName: string; dbNames: readonly string[] },
): string {
  const dbName = c.req.query('db')
  if (dbName !== undefined && !config.dbNames.includes(dbName)) {
    throw new ApiError('unknownDatabase', { db: shown(dbName) })
  }
  return dbName ?? config.dbName
}
