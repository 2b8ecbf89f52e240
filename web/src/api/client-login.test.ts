import { describe, expect, it, vi } from 'vitest'
import { ApiError, createApiClient, MSGPACK } from './client'
import { encodeBody } from './msgpack'

const answers = vi.hoisted(() => ({ loaded: false }))
vi.mock('@lfit/domain/api/answers', async (original) => {
  answers.loaded = true
  return await original()
})

describe('an auth call someone made', () => {
  it("loads its answer's schemas while it is on the network, not after the answer", async () => {
    let loadedDuringCall = false
    const message = { sl: 'Napačno geslo.', en: 'Wrong password.' }
    const api = createApiClient({
      fetch: vi.fn(async () => {
        // The network takes a while: the schemas' module is asked for meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 10))
        loadedDuringCall = answers.loaded
        return new Response(encodeBody({ error: { code: 'badLogin', message } }), {
          status: 401,
          headers: { 'content-type': MSGPACK },
        })
      }),
    })
    const error = await api
      .auth('login', { username: 'ana@demo.test', password: 'not-hers' })
      .catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, bilingual: message })
    expect(loadedDuringCall).toBe(true)
  })
})
