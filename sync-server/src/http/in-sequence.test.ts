// Steps run as one layer behave as separate layers did: in order, a step's own answer ends the
// request, and an error thrown in a later step passes back through the earlier ones (their
// `finally` runs) to the app's error handler.
import { Hono, type MiddlewareHandler } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from './env'
import { ApiError, onError } from './errors'
import { inSequence } from './in-sequence'
import { memoryLog } from './log'
import { unpack } from './msgpack'

function appWith(...steps: MiddlewareHandler<AppEnv>[]) {
  const app = new Hono<AppEnv>()
  app.onError(onError)
  app.use('*', async (c, next) => {
    c.set('log', memoryLog())
    c.set('requestId', 'test')
    await next()
  })
  app.use('/api/*', inSequence(...steps))
  app.get('/api/call', (c) => c.text('answered'))
  return app
}

describe('inSequence', () => {
  it('runs the steps in order, then the route', async () => {
    const seen: string[] = []
    const step =
      (name: string): MiddlewareHandler<AppEnv> =>
      async (c, next) => {
        seen.push(`${name} in`)
        await next()
        seen.push(`${name} out`)
      }
    const answer = await appWith(step('a'), step('b'), step('c')).request('/api/call')
    expect(await answer.text()).toBe('answered')
    expect(seen).toEqual(['a in', 'b in', 'c in', 'c out', 'b out', 'a out'])
  })

  it('ends the request with the answer a step gives, running no later step', async () => {
    let later = false
    const answer = await appWith(
      async (c) => c.text('busy', 503),
      async (_c, next) => {
        later = true
        await next()
      },
    ).request('/api/call')
    expect(answer.status).toBe(503)
    expect(await answer.text()).toBe('busy')
    expect(later).toBe(false)
  })

  it('passes an error back through the earlier steps to the error handler', async () => {
    let released = false
    const answer = await appWith(
      async (_c, next) => {
        try {
          await next()
        } finally {
          released = true
        }
      },
      () => {
        throw new ApiError('forbidden')
      },
    ).request('/api/call')
    expect(answer.status).toBe(403)
    const body = unpack(new Uint8Array(await answer.arrayBuffer())) as { error: { code: string } }
    expect(body.error.code).toBe('forbidden')
    expect(released).toBe(true)
  })
})
