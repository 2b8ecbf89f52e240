import { describe, expect, it, vi } from 'vitest'
import { ApiError, createApiClient, encodeBody, MSGPACK } from './client'

// The schemas of every auth answer cannot load here: a refusal must not need them.
vi.mock('@lfit/domain/api/answers', () => {
  throw new Error('the auth answers were loaded for a refusal')
})

describe("a refusal is read with the error answer's schema alone", () => {
  it("a visitor's 401 to the session check gives the server's reason", async () => {
    const message = { sl: 'Niste prijavljeni.', en: 'You are not signed in.' }
    const bytes = encodeBody({ error: { code: 'notSignedIn', message } })
    const api = createApiClient({
      fetch: vi.fn(
        async () => new Response(bytes, { status: 401, headers: { 'content-type': MSGPACK } }),
      ),
    })
    const error: unknown = await api.auth('user').catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, code: 'notSignedIn', bilingual: message })
  })
})
