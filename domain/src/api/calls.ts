// The payloads and answers of the API's calls (docs/architecture.md#the-server), shared by the server and the web client.
import type { PullRequest, PushRequest } from '../sync/protocol'

export const DB_OPERATIONS = [
  'find',
  'findById',
  'findOne',
  'upsert',
  'upsertBatch',
  'save',
  'insert',
  'deleteOne',
  'aggregate',
  'testHash',
  'pull',
] as const
export type DbOperation = (typeof DB_OPERATIONS)[number]

/** Operations that only read: the client may retry them like GET requests. */
export const READ_OPERATIONS: readonly DbOperation[] = [
  'find',
  'findById',
  'findOne',
  'aggregate',
  'pull',
]

/** An aggregation pipeline as sent over the wire; the server allow-lists its stages. */
export type Pipeline = readonly Record<string, unknown>[]

export interface FindOptions {
  sort?: Record<string, 1 | -1>
  skip?: number
  limit?: number
  projection?: Record<string, 0 | 1>
}

export interface DbPayloads {
  find: { query?: Record<string, unknown>; opts?: FindOptions }
  findById: { _id: string }
  findOne: { query: Record<string, unknown> }
  upsert: { query: Record<string, unknown>; update: Record<string, unknown> }
  upsertBatch: PushRequest
  save: { _id: string } & Record<string, unknown>
  insert: { insert: Record<string, unknown> | Record<string, unknown>[] }
  deleteOne: { _id: string }
  aggregate: { pipeline: Pipeline }
  testHash: { query: Record<string, unknown>; field: string; unhashedValue: string }
  pull: PullRequest
}

/** `POST /api/db/{collection}/{operation}?db=…`: the path of one data call. */
export function dbCallPath(collection: string, operation: DbOperation, db?: string): string {
  const path = `/api/db/${encodeURIComponent(collection)}/${operation}`
  return db ? `${path}?db=${encodeURIComponent(db)}` : path
}

/**
 * `POST /api/sync/pull`: the pull of every synced collection. `/api/db/{collection}/pull`
 * answers the same for the devices installed before it (docs/sync-protocol.md).
 */
export const SYNC_PULL_PATH = '/api/sync/pull'

export const AUTH_CALLS = [
  'login',
  'logout',
  'register',
  'password',
  'user',
  'selectMyRoles',
  // An admin acting as another user, and its end (docs/0045-acting-as-another-user.md).
  'actAs',
  'stopActing',
  // Forgotten password and the single-use links (docs/security.md#password-links).
  'forgotPassword',
  'checkPasswordLink',
  'newPassword',
] as const
export type AuthCall = (typeof AUTH_CALLS)[number]

export interface LoginPayload {
  username: string
  password: string
}

export interface ChangePasswordPayload {
  oldPassword: string
  newPassword: string
}

/** "Forgot your password?": the account's address; the answer is the same for any address. */
export interface ForgotPasswordPayload {
  username: string
}

/** The token of an e-mailed link (`/auth/newPassword?token=…`), checked without using it up. */
export interface CheckPasswordLinkPayload {
  token: string
}

/** Uses the link once: sets the password and ends every session of the account. */
export interface NewPasswordPayload {
  token: string
  password: string
}

export interface SelectRolesPayload {
  /** A subset of the admin's own roles to act with; empty or missing restores all of them. */
  roles?: string[]
}

/**
 * The names of the build's content pages (a JSON array of strings), written by the web build
 * beside the other build records and read by the server, which answers unknown pages 404.
 */
export const CONTENT_PAGES_FILE = 'builds/content-pages.json'

/**
 * What a first screen opened cold needs besides the entry, by route path (lower case), written by
 * the web build and read by the server, which asks the browser to fetch it beside the entry
 * (docs/0057): its scripts, and its words' catalogs by language.
 */
export const FIRST_SCREENS_FILE = 'builds/first-screens.json'

export interface FirstScreenFiles {
  scripts: string[]
  words: Record<'en' | 'sl', string[]>
}

/** What `builds/latest.json` answers: the id and time of the deployed web build. */
export interface BuildInfo {
  id: string
  timestamp: number
}
