// The one API client: msgpack over POST to /api/db/{collection}/{operation} and /api/auth/{call},
// retrying as the domain's policy says. A failed database call is logged and answers nothing
// (docs/product-rules.md, Errors); listeners (the snackbar) are told so that the screen shows a
// translated error. Auth calls throw an ApiError with the server's bilingual message, for forms
// to show. Auth answers and error answers are checked against the domain's wire schemas: one
// that does not fit becomes an ApiError (`malformedAnswer`, or `http_{status}` for an error)
// instead of a crash in a screen. The schemas (zod) are loaded with the first answer that needs
// them, not with the first page: the home page shows without them.
import type { ZodType } from 'zod'
import type * as WireSchemas from '@lfit/domain/api/answers'
import type { AuthAnswer } from '@lfit/domain/api/answers'
import {
  dbCallPath,
  SYNC_PULL_PATH,
  type AuthCall,
  type DbOperation,
  type DbPayloads,
} from '@lfit/domain/api/calls'
import type { PullRequest } from '@lfit/domain/sync/protocol'
import { callKind, retriesFor, retriesForMethod, shouldRetry } from '@lfit/domain/api/retry'

export interface Bilingual {
  sl: string
  en: string
}

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    readonly code: string,
    readonly bilingual: Bilingual | null,
    readonly path: string,
    /** Per-field messages of a refused form, when the server sent them. */
    readonly fields?: Record<string, Bilingual>,
    /** What the refusal is about, for the screen to show (the days of recorded work, docs/0049). */
    readonly details?: unknown,
  ) {
    super(`${path}: ${status} ${code}${bilingual ? ` (${bilingual.en})` : ''}`)
    this.name = 'ApiError'
  }
  get offline(): boolean {
    return this.status === 0
  }
}

export const MSGPACK = 'application/msgpack'

type Fetch = (input: string, init: RequestInit) => Promise<Response>

export interface ApiClientOptions {
  fetch?: Fetch
  /** Called for every failed call after its retries, before it is thrown or swallowed. */
  onError?: (error: ApiError, call: { kind: 'db' | 'auth' | 'action'; path: string }) => void
  /**
   * Called when any call (a screen's, the sync engine's or an auth call) is refused because the
   * user is blocked. The server clears the cookie with that answer, so the next call is a
   * visitor's: whoever hears it first must log the user out as blocked, not as a lapsed session.
   */
  onUserBlocked?: () => void
}

/** The error code of a call refused because the signed-in user is blocked. */
export const USER_BLOCKED = 'userBlocked'

/** The code of an answer that does not have the shape its call promises. */
export const MALFORMED_ANSWER = 'malformedAnswer'

/** A module loaded once, on first use (kept in the service worker's precache). */
function loadedOnce<M>(load: () => Promise<M>): () => Promise<M> {
  let loading: Promise<M> | null = null
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null // tried again with the next answer
      throw error
    })
    return loading
  }
}

/** The wire schemas of the auth calls' answers. */
/** `{ user: null }` and nothing else: "who am I" answered for a visitor. */
function isVisitorAnswer(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    Object.keys(body).length === 1 &&
    (body as { user?: unknown }).user === null
  )
}

/** The wire format's code (msgpackr), loaded with the first call (docs/0052). */
const wireFormat = loadedOnce(() => import('./msgpack'))

const wireSchemas: () => Promise<typeof WireSchemas> = loadedOnce(
  () => import('@lfit/domain/api/answers'),
)

/**
 * The error answer's schema alone: a refusal, such as a blocked user's 401 to the session check,
 * does not build the schemas of every answer (docs/0024).
 */
const errorAnswer = loadedOnce(() => import('@lfit/domain/api/error-answer'))

async function errorOf(status: number, body: unknown, path: string): Promise<ApiError> {
  const schemas = await errorAnswer().catch(() => null)
  const parsed = schemas?.errorAnswerSchema.safeParse(body)
  // Not our error shape (a proxy's page, a crash): known only by its status.
  if (!parsed?.success) return new ApiError(status, `http_${status}`, null, path)
  const { code, message, fields, details } = parsed.data.error
  return new ApiError(status, code, message, path, fields, details)
}

export function createApiClient(options: ApiClientOptions = {}) {
  const doFetch: Fetch = options.fetch ?? ((input, init) => fetch(input, init))

  /**
   * POSTs one packed body; retries GET-like calls once on the retried statuses. An aborted
   * `signal` cancels the call (no retry): it fails as offline.
   */
  async function post(
    path: string,
    payload: unknown,
    kind: 'read' | 'write',
    caller: 'screen' | 'sync' = 'screen',
    signal?: AbortSignal,
    /** The request's method: POST, or the method a resource route names its change by. */
    sent: 'POST' | 'PUT' | 'DELETE' = 'POST',
  ): Promise<{ status: number; body: unknown }> {
    // GET-like reads are retried as GET, writes as POST (never retried).
    const method = kind === 'read' ? 'GET' : 'POST'
    const attempts = 1 + retriesFor(kind)
    const { encodeBody, decodeBody } = await wireFormat()
    let failure: ApiError | null = null
    for (let attempt = 0; attempt < attempts; attempt++) {
      let response: Response
      try {
        response = await doFetch(path, {
          method: sent,
          credentials: 'same-origin',
          // Which part of the app calls: the background sync is told apart in logs and tests.
          headers: { 'content-type': MSGPACK, accept: MSGPACK, 'x-lfit-caller': caller },
          body: encodeBody(payload ?? {}),
          signal,
        })
      } catch {
        failure = new ApiError(0, 'offline', null, path)
        if (!signal?.aborted && shouldRetry(method, 0, attempt)) continue
        break
      }
      let bytes: Uint8Array
      try {
        bytes = new Uint8Array(await response.arrayBuffer())
      } catch {
        // The connection dropped, or the call was cancelled, while the answer was coming.
        failure = new ApiError(0, 'offline', null, path)
        break
      }
      let body: unknown
      try {
        body = decodeBody(bytes)
      } catch {
        body = undefined
      }
      if (response.ok) return { status: response.status, body }
      failure = await errorOf(response.status, body, path)
      if (failure.code === USER_BLOCKED) options.onUserBlocked?.()
      if (!shouldRetry(method, response.status, attempt)) break
    }
    throw failure ?? new ApiError(0, 'offline', null, path)
  }

  /** Decodes an answer by its type: the file routes answer JSON, the rest msgpack. */
  async function bodyOf(response: Response): Promise<unknown> {
    const bytes = new Uint8Array(await response.arrayBuffer())
    if (bytes.length === 0) return undefined
    try {
      const json = (response.headers.get('content-type') ?? '').includes('json')
      return json
        ? JSON.parse(new TextDecoder().decode(bytes))
        : (await wireFormat()).decodeBody(bytes)
    } catch {
      return undefined
    }
  }

  return {
    /**
     * A GET or DELETE of a resource route (`/api/files`, `/api/files/:id`, an upload's result):
     * the routes that name what they act on in the path. The answer is checked against `answer`;
     * throws ApiError with the server's message (status 0 when offline), which the screen shows
     * in place; the listeners hear it as they hear an action's failure.
     */
    async resource<T>(
      method: 'GET' | 'DELETE',
      path: `/api/${string}`,
      answer: ZodType<T>,
    ): Promise<T> {
      try {
        const attempts = 1 + retriesForMethod(method)
        let failure: ApiError = new ApiError(0, 'offline', null, path)
        for (let attempt = 0; attempt < attempts; attempt++) {
          let response: Response
          try {
            response = await doFetch(path, {
              method,
              credentials: 'same-origin',
              headers: { accept: `${MSGPACK}, application/json` },
            })
          } catch {
            failure = new ApiError(0, 'offline', null, path)
            if (shouldRetry(method, 0, attempt)) continue
            break
          }
          const body = await bodyOf(response)
          if (response.ok) {
            const parsed = answer.safeParse(body)
            if (parsed.success) return parsed.data
            console.error(`unexpected answer from ${path}`, parsed.error.issues)
            throw new ApiError(response.status, MALFORMED_ANSWER, null, path)
          }
          failure = await errorOf(response.status, body, path)
          if (failure.code === USER_BLOCKED) options.onUserBlocked?.()
          if (!shouldRetry(method, response.status, attempt)) break
        }
        throw failure
      } catch (error) {
        if (error instanceof ApiError) options.onError?.(error, { kind: 'action', path })
        throw error
      }
    },

    /**
     * One database call. On failure it logs, tells the listeners, and answers undefined: screens
     * treat undefined as "nothing" and the snackbar shows the error.
     */
    async db<O extends DbOperation>(
      collection: string,
      operation: O,
      payload: DbPayloads[O],
    ): Promise<unknown> {
      const path = dbCallPath(collection, operation)
      try {
        return (await post(path, payload, callKind(operation))).body
      } catch (error) {
        const apiError = error instanceof ApiError ? error : new ApiError(0, 'client', null, path)
        console.error(`database call failed: ${collection}/${operation}`, apiError)
        options.onError?.(apiError, { kind: 'db', path })
        return undefined
      }
    },

    /**
     * One database read for a screen's loader (docs/0036): throws ApiError (status 0 when
     * offline), which the screen shows in its failure block with "Try again". The listeners hear
     * it as an action's failure: the screen says it, not the snackbar.
     */
    async read<O extends DbOperation>(
      collection: string,
      operation: O,
      payload: DbPayloads[O],
    ): Promise<unknown> {
      const path = dbCallPath(collection, operation)
      try {
        return (await post(path, payload, callKind(operation))).body
      } catch (error) {
        if (error instanceof ApiError) options.onError?.(error, { kind: 'action', path })
        throw error
      }
    },

    /**
     * One database call for the sync engine: throws ApiError (status 0 when offline) and tells
     * no listener, because a queued edit that waits for the network is not an error to show.
     */
    async sync<O extends DbOperation>(
      collection: string,
      operation: O,
      payload: DbPayloads[O],
      signal?: AbortSignal,
    ): Promise<unknown> {
      const path = dbCallPath(collection, operation)
      return (await post(path, payload, callKind(operation), 'sync', signal)).body
    },

    /** The sync engine's pull of every synced collection; fails as `sync` does. */
    async syncPull(payload: PullRequest, signal?: AbortSignal): Promise<unknown> {
      return (await post(SYNC_PULL_PATH, payload, callKind('pull'), 'sync', signal)).body
    },

    /**
     * One database call whose answer or refusal the screen shows in place (the /test/db console):
     * the payload is whatever the user wrote (the server checks it); throws ApiError with the
     * server's message and tells no listener.
     */
    async dbConsole(
      collection: string,
      operation: DbOperation,
      payload: unknown,
    ): Promise<unknown> {
      return (await post(dbCallPath(collection, operation), payload, callKind(operation))).body
    },

    /** One auth call, its answer checked against the call's schema; throws ApiError on failure. */
    async auth<C extends AuthCall>(call: C, payload?: unknown): Promise<AuthAnswer<C>> {
      const path = `/api/auth/${call}`
      // A call someone made (a login, a password change) has its answer's schemas loaded while it
      // is on the network, as a first visit's chunk must be fetched. The session check of every
      // start loads them only for an answer that is not a refusal (a visitor's 401 is read with
      // the error's schema alone, docs/0024).
      if (call !== 'user') wireSchemas().catch(() => undefined)
      try {
        const { status, body } = await post(path, payload, call === 'user' ? 'read' : 'write')
        // A visitor's answer needs no schema: read as it is, so a visitor's start does not build
        // every auth answer's schema (docs/0024, docs/0043-a-visitor-is-an-answer.md).
        if (call === 'user' && isVisitorAnswer(body)) return { user: null } as AuthAnswer<C>
        // A failed load counts as being offline.
        const { AUTH_ANSWERS } = await wireSchemas().catch(() => {
          throw new ApiError(0, 'offline', null, path)
        })
        const parsed = AUTH_ANSWERS[call].safeParse(body)
        if (!parsed.success) {
          console.error(`unexpected answer from ${path}`, parsed.error.issues)
          throw new ApiError(status, MALFORMED_ANSWER, null, path)
        }
        return parsed.data as AuthAnswer<C>
      } catch (error) {
        if (error instanceof ApiError) options.onError?.(error, { kind: 'auth', path })
        throw error
      }
    },

    /**
     * One call of an action route (`/api/people/…`, `/api/me/…`, `/api/signups/…`): the routes
     * that change more than one record or send e-mail, which the data API does not do. The
     * answer is checked against `answer`; throws ApiError (status 0 when offline).
     */
    async action<T>(
      path: `/api/${string}`,
      payload: unknown,
      answer: ZodType<T>,
      kind: 'read' | 'write' = 'write',
      /** 'sync': the background sync reads it (the roster): no listener hears a failure. */
      caller: 'screen' | 'sync' = 'screen',
      /** Aborted: the call is cancelled and fails as offline. */
      signal?: AbortSignal,
      /** A resource route's change by its method (`PUT /api/calendar/blocks/:key`, a DELETE). */
      method: 'POST' | 'PUT' | 'DELETE' = 'POST',
    ): Promise<T> {
      try {
        const { status, body } = await post(path, payload, kind, caller, signal, method)
        const parsed = answer.safeParse(body)
        if (!parsed.success) {
          console.error(`unexpected answer from ${path}`, parsed.error.issues)
          throw new ApiError(status, MALFORMED_ANSWER, null, path)
        }
        return parsed.data
      } catch (error) {
        if (error instanceof ApiError && caller === 'screen') {
          options.onError?.(error, { kind: 'action', path })
        }
        throw error
      }
    },
  }
}

export type ApiClient = ReturnType<typeof createApiClient>
