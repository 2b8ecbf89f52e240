// The request retry policy (docs/architecture.md, The web app), as data plus one pure decision, so that the API client
// does not carry its own copy of the rules.
import { READ_OPERATIONS, type DbOperation } from './calls'

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export const RETRY_POLICY = {
  /** Retries after the first attempt: one for GET-like methods, none for those that change. */
  retries: { GET: 1, HEAD: 1, OPTIONS: 1, POST: 0, PUT: 0, PATCH: 0, DELETE: 0 },
  statuses: [408, 409, 425, 429, 500, 502, 503, 504],
} as const satisfies {
  retries: Record<HttpMethod, number>
  statuses: readonly number[]
}

/** The status the client reports when no answer arrived at all (offline, connection reset). */
export const NO_RESPONSE = 0

const RETRIED: ReadonlySet<number> = new Set(RETRY_POLICY.statuses)

/** How many retries `method` gets; an unknown method gets none (it might change something). */
export function retriesForMethod(method: string): number {
  const upper = method.toUpperCase()
  return upper in RETRY_POLICY.retries ? RETRY_POLICY.retries[upper as HttpMethod] : 0
}

/**
 * Whether to try again after attempt number `attempt` (0 = the first) failed with `status`.
 * A request that got no answer (status 0) is retried like a retried status: a GET-like call
 * cannot have had an effect either way.
 */
export function shouldRetry(method: string, status: number, attempt: number): boolean {
  const retriable = status === NO_RESPONSE || RETRIED.has(status)
  return retriable && attempt < retriesForMethod(method)
}

/**
 * Our data API sends every call as POST, reads included, so by method alone nothing
 * would ever be retried. We classify by what the call does instead: a read-only database
 * operation (find, findById, findOne, aggregate; see READ_OPERATIONS) is retried like GET, and
 * everything that writes like POST. testHash only reads but checks a password, is rate limited,
 * and so is not retried either. Writes that must survive failures go through the sync
 * outbox, whose own idempotent retries do not depend on this policy.
 */
export function retriesFor(call: 'read' | 'write'): number {
  return retriesForMethod(call === 'read' ? 'GET' : 'POST')
}

export function callKind(operation: DbOperation): 'read' | 'write' {
  return READ_OPERATIONS.includes(operation) ? 'read' : 'write'
}
