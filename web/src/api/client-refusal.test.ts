import { describe, expect, it, vi } from 'vitest'
import { ApiError, createApiClient, MSGPACK } from './client'
import { encodeBody } from './msgpack'

// The schemas of every auth answer cannot load here: a refusal, and a visitor's answer to the
// session check of every start, must not need them (docs/0024).
vi.mock('@lfit/domain/api/answers', () => {
  throw new Error('the auth answers were loaded for a refusal')
})

describe("a refusal is read with the error answer's schema alone", () => {
  it("a blocked user's 401 to the session check gives the server's reason", async () => {
    const message = { sl: 'Uporabnik je blokiran.', en: 'The user is blocked.' }
    const bytes = encodeBody({ error: { code: 'userBlocked', message } })
    const api = createApiClient({
      fetch: vi.fn(
        async () => new Response(bytes, { status: 401, headers: { 'content-type': MSGPACK } }),
      ),
    })
    const error: unknown = await api.auth('user').catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, code: 'userBlocked', bilingual: message })
  })

  it("a visitor's answer to the session check is read as no user", async () => {
    const bytes = encodeBody({ user: null })
    const api = createApiClient({
      fetch: vi.fn(
        async () => new Response(bytes, { status: 200, headers: { 'content-type': MSGPACK } }),
      ),
    })
    await expect(api.auth('user')).resolves.toEqual({ user: null })
  })
})
