// The anonymous sanitiser's queue (docs/0032-image-work-is-queued-and-shared-bytes-are-kept.md):
// calls that arrive together are sanitised one at a time, each on a turn of the event loop of
// its own, SANITIZE_QUEUE.queueLength of them wait, and one more is answered 503 serverBusy with
// Retry-After and a bilingual message, without being sanitised.
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../http/env'
import { onError } from '../http/errors'
import { unpack } from '../http/msgpack'
import { SANITIZE_QUEUE, createRichTextRoutes } from './routes'

function sanitiser() {
  const app = new Hono<AppEnv>()
  app.onError(onError)
  app.use('*', async (c, next) => {
    c.set('body', await c.req.json())
    await next()
  })
  app.route('/', createRichTextRoutes({ config: { trustProxy: false }, clock: Date.now }))
  return async (html: string) =>
    app.request('/sanitize', { method: 'POST', body: JSON.stringify({ html }) })
}

describe('the sanitiser queue', () => {
  it('sanitises the calls that fit the queue and refuses one more with 503', async () => {
    const call = sanitiser()
    const calls = Array.from({ length: SANITIZE_QUEUE.queueLength + 2 }, (_, n) =>
      call(`<p onclick="x()">${n}</p>`),
    )
    const replies = await Promise.all(calls)
    const answered = replies.slice(0, -1)
    const refused = replies.at(-1) as Response
    for (const [n, reply] of answered.entries()) {
      expect(reply.status).toBe(200)
      expect(unpack(new Uint8Array(await reply.arrayBuffer()))).toEqual({ html: `<p>${n}</p>` })
    }
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('2')
    const body = unpack(new Uint8Array(await refused.arrayBuffer())) as {
      error: { code: string; message: { sl: string; en: string } }
    }
    expect(body.error.code).toBe('serverBusy')
    expect(body.error.message.sl).toBeTruthy()
    expect(body.error.message.en).toBeTruthy()
    // The queue is free again once they are done.
    expect((await call('<p>again</p>')).status).toBe(200)
  })

  it('lets other work run between two sanitisations', async () => {
    const call = sanitiser()
    const order: string[] = []
    const first = call('<p>1</p>').then(() => order.push('first'))
    const second = call('<p>2</p>').then(() => order.push('second'))
    // Queued after both calls, before the second one's turn: it runs between them.
    const between = new Promise<void>((resolve) =>
      setImmediate(() => setImmediate(() => resolve())),
    ).then(() => order.push('other'))
    await Promise.all([first, second, between])
    expect(order.indexOf('other')).toBeLessThan(order.indexOf('second'))
  })
})
