import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { ApiError, createApiClient, MSGPACK } from './client'
import { encodeBody } from './msgpack'

/** A fetch that answers every call with this status and body (msgpack, or raw text). */
function answering(status: number, body: unknown, type = MSGPACK) {
  const bytes = type === MSGPACK ? encodeBody(body) : new TextEncoder().encode(String(body))
  return vi.fn(async () => new Response(bytes, { status, headers: { 'content-type': type } }))
}

const user = { _id: 'u1', username: 'ana@example.com', roles: ['participant'], status: 'active' }

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('the API client reads answers through the wire schemas', () => {
  it('answers a valid session answer as parsed', async () => {
    const api = createApiClient({ fetch: answering(200, { user }) })
    await expect(api.auth('user')).resolves.toEqual({ user })
  })

  it('turns a malformed session answer into a clear client error, told to the listeners', async () => {
    const onError = vi.fn()
    const api = createApiClient({
      fetch: answering(200, { user: { ...user, roles: 'admin' } }),
      onError,
    })
    const error = await failure(api.auth('login', { username: 'a', password: 'b' }))
    expect(error.code).toBe('malformedAnswer')
    expect(error.status).toBe(200)
    expect(error.offline).toBe(false)
    expect(onError).toHaveBeenCalledWith(error, { kind: 'auth', path: '/api/auth/login' })
  })

  it('checks every auth call: registration answers nothing but ok', async () => {
    const api = createApiClient({ fetch: answering(202, { user }) })
    expect((await failure(api.auth('register', {}))).code).toBe('malformedAnswer')
    const ok = createApiClient({ fetch: answering(202, { ok: true }) })
    await expect(ok.auth('register', {})).resolves.toEqual({ ok: true })
  })

  it('checks an action answer against the schema the screen gives', async () => {
    const answer = z.object({ accepted: z.number() })
    const ok = createApiClient({ fetch: answering(200, { accepted: 2 }) })
    await expect(ok.action('/api/people/accept', {}, answer)).resolves.toEqual({ accepted: 2 })
    const onError = vi.fn()
    const odd = createApiClient({ fetch: answering(200, { accepted: 'two' }), onError })
    const error = await failure(odd.action('/api/people/accept', {}, answer))
    expect(error.code).toBe('malformedAnswer')
    expect(onError).toHaveBeenCalledWith(error, { kind: 'action', path: '/api/people/accept' })
  })

  it("a screen's database read answers the body, and throws a failure for the screen to show", async () => {
    const rows = [{ _id: 'u1', username: 'ana@example.com' }]
    const ok = createApiClient({ fetch: answering(200, rows) })
    await expect(ok.read('users', 'find', { query: {} })).resolves.toEqual(rows)
    const onError = vi.fn()
    const offline = createApiClient({
      fetch: vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
      onError,
    })
    const error = await failure(offline.read('users', 'find', { query: {} }))
    expect(error.offline).toBe(true)
    // Heard as an action's failure: the screen shows it, the snackbar (told of 'db') does not.
    expect(onError).toHaveBeenCalledWith(error, { kind: 'action', path: '/api/db/users/find' })
  })

  it('a background read of an action route (the roster) says it is the sync and tells no listener', async () => {
    const onError = vi.fn()
    const fetch = answering(403, { error: { code: 'forbidden', message: { sl: 'Ne', en: 'No' } } })
    const api = createApiClient({ fetch, onError })
    const answer = z.object({ participants: z.array(z.unknown()) })
    const error = await failure(api.action('/api/people/roster', {}, answer, 'read', 'sync'))
    expect(error.status).toBe(403)
    expect(onError).not.toHaveBeenCalled()
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect((init.headers as Record<string, string>)['x-lfit-caller']).toBe('sync')
  })

  it('reads an error answer with its per-field messages', async () => {
    const fields = { phone: { sl: 'številka ni veljavna', en: 'mobile number not valid' } }
    const api = createApiClient({
      fetch: answering(400, {
        error: { code: 'invalidBody', message: { sl: 'Ni veljavno', en: 'Invalid' }, fields },
      }),
    })
    const error = await failure(api.auth('register', {}))
    expect(error.code).toBe('invalidBody')
    expect(error.bilingual).toEqual({ sl: 'Ni veljavno', en: 'Invalid' })
    expect(error.fields).toEqual(fields)
  })

  it('names an error answer that does not fit the error shape by its status', async () => {
    for (const body of [
      { error: { code: 'x', message: { en: 'only English' } } },
      { error: 'text' },
      'a string',
    ]) {
      const api = createApiClient({ fetch: answering(500, body) })
      const error = await failure(api.auth('password', { oldPassword: 'a', newPassword: 'b' }))
      expect(error.code).toBe('http_500')
      expect(error.bilingual).toBeNull()
      expect(error.fields).toBeUndefined()
    }
    // A proxy's HTML page instead of msgpack.
    const proxy = createApiClient({
      fetch: answering(502, '<html>Bad gateway</html>', 'text/html'),
    })
    expect((await failure(proxy.auth('logout'))).code).toBe('http_502')
  })
})

describe('a console call (/test/db)', () => {
  it("answers the server's answer as it is", async () => {
    const fetch = answering(200, [{ _id: 'a1', day: '2026-11-23' }])
    const api = createApiClient({ fetch })
    await expect(api.dbConsole('attendance', 'find', { query: {} })).resolves.toEqual([
      { _id: 'a1', day: '2026-11-23' },
    ])
    expect(fetch).toHaveBeenCalledWith('/api/db/attendance/find', expect.anything())
  })

  it("throws the policy's refusal for the screen to show, and tells no listener", async () => {
    const onError = vi.fn()
    const refusal = {
      error: { code: 'forbidden', message: { sl: 'Nimate dovoljenja', en: 'Not allowed' } },
    }
    const api = createApiClient({ fetch: answering(403, refusal), onError })
    const error = await failure(api.dbConsole('users', 'deleteOne', { _id: 'u1' }))
    expect(error).toMatchObject({ status: 403, code: 'forbidden' })
    expect(error.bilingual).toEqual({ sl: 'Nimate dovoljenja', en: 'Not allowed' })
    expect(onError).not.toHaveBeenCalled()
  })
})

describe('the API client reads and deletes resources by path', () => {
  const listed = z.object({ files: z.array(z.object({ id: z.string() })) })

  it('GETs a resource and reads a JSON answer against the schema', async () => {
    const fetch = answering(200, JSON.stringify({ files: [{ id: 'f1' }] }), 'application/json')
    const api = createApiClient({ fetch })
    await expect(api.resource('GET', '/api/files', listed)).resolves.toEqual({
      files: [{ id: 'f1' }],
    })
    expect(fetch).toHaveBeenCalledWith('/api/files', expect.objectContaining({ method: 'GET' }))
  })

  it('a refused DELETE throws the server bilingual reason and tells the listeners', async () => {
    const message = { sl: 'Datoteka je v rabi.', en: 'The file is in use.' }
    const onError = vi.fn()
    const api = createApiClient({
      fetch: answering(409, { error: { code: 'fileInUse', message } }),
      onError,
    })
    const error = await failure(api.resource('DELETE', '/api/files/f1', z.unknown()))
    expect(error.status).toBe(409)
    expect(error.bilingual).toEqual(message)
    expect(onError).toHaveBeenCalledWith(error, { kind: 'action', path: '/api/files/f1' })
  })
})

describe("the sync engine's calls can be cancelled", () => {
  /** A fetch that never answers until its signal is aborted, as fetch does then. */
  function stuck() {
    return vi.fn(
      (_input: string, init: RequestInit) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          )
        }),
    )
  }

  it('cancels a stuck pull when its signal is aborted: offline, and not sent again', async () => {
    const fetch = stuck()
    const api = createApiClient({ fetch })
    const cancel = new AbortController()
    const pulling = api.sync('attendance', 'pull', { v: 1, cursor: null }, cancel.signal)
    // Stuck: sent (once the wire format's code is loaded, docs/0052), with no answer.
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1))
    cancel.abort()
    const error = await failure(pulling)
    expect(error.offline).toBe(true)
    // A read is retried once when the network fails, but not when it was cancelled.
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('cancels a stuck roster read the same way', async () => {
    const fetch = stuck()
    const api = createApiClient({ fetch })
    const cancel = new AbortController()
    const answer = z.object({ participants: z.array(z.unknown()) })
    const reading = api.action('/api/people/roster', {}, answer, 'read', 'sync', cancel.signal)
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1))
    cancel.abort()
    expect((await failure(reading)).offline).toBe(true)
    expect(fetch).toHaveBeenCalledTimes(1)
  })
})
