// Photo work (docs/0032-image-work-is-queued-and-shared-bytes-are-kept.md) through a real Hono
// app with the server's one error handler: image work runs at most `concurrency` at once, at most
// `queueLength` more wait, one more is answered 503 photoWorkBusy with Retry-After and a bilingual
// message without its work ever starting; one photo's edits run one after another, image or not.
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../http/env'
import { onError } from '../http/errors'
import { unpack } from '../http/msgpack'
import { PhotoWork, imageThreads } from './photo-work'

/** Lets settled promises and the app's own awaits run. */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve))
}

/** Work the test finishes by hand, noting when it started. */
class Gate {
  private opened: Record<string, () => void> = {}
  readonly started: string[] = []
  work(name: string) {
    return () =>
      new Promise<string>((resolve) => {
        this.started.push(name)
        this.opened[name] = () => resolve(name)
      })
  }
  open(name: string) {
    const open = this.opened[name]
    if (!open) throw new Error(`${name} has not started`)
    open()
  }
}

function appWith(work: PhotoWork, gate: Gate) {
  const app = new Hono<AppEnv>()
  app.onError(onError)
  app.post('/image/:photo/:name', async (c) =>
    c.text(await work.image(c, c.req.param('photo'), gate.work(c.req.param('name')))),
  )
  app.post('/edit/:photo/:name', async (c) =>
    c.text(await work.edit(c.req.param('photo'), gate.work(c.req.param('name')))),
  )
  return (path: string) => app.request(path, { method: 'POST' })
}

describe('photo work', () => {
  it('makes sizes one at a time, queues the next, refuses one more with 503 and Retry-After', async () => {
    const gate = new Gate()
    const call = appWith(new PhotoWork({ concurrency: 1, queueLength: 1 }), gate)
    const first = call('/image/p1/first')
    const second = call('/image/p2/second')
    await settle()
    expect(gate.started).toEqual(['first'])
    const refused = await call('/image/p3/third')
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('2')
    const body = unpack(new Uint8Array(await refused.arrayBuffer())) as {
      error: { code: string; message: { sl: string; en: string } }
    }
    expect(body.error.code).toBe('photoWorkBusy')
    expect(body.error.message.sl).toContain('fotografije')
    expect(body.error.message.en).toContain('photos')
    gate.open('first')
    expect(await (await first).text()).toBe('first')
    await settle()
    expect(gate.started).toEqual(['first', 'second'])
    gate.open('second')
    expect((await second).status).toBe(200)
    // The refused one never started; with the queue empty again, the next is taken.
    const fourth = call('/image/p3/fourth')
    await settle()
    gate.open('fourth')
    expect((await fourth).status).toBe(200)
    expect(gate.started).toEqual(['first', 'second', 'fourth'])
  })

  it("runs one photo's edits one after another, image work and others alike", async () => {
    const gate = new Gate()
    const call = appWith(new PhotoWork({ concurrency: 2, queueLength: 4 }), gate)
    const turn = call('/image/p1/turn')
    const caption = call('/edit/p1/caption')
    const other = call('/image/p2/other')
    await settle()
    // Another photo's work runs beside it; the same photo's caption waits for the turn.
    expect(gate.started).toEqual(['turn', 'other'])
    gate.open('turn')
    await settle()
    expect(gate.started).toEqual(['turn', 'other', 'caption'])
    gate.open('caption')
    gate.open('other')
    expect(await Promise.all([turn, caption, other].map(async (r) => (await r).status))).toEqual([
      200, 200, 200,
    ])
  })

  it('lets the next edit of a photo run after one that failed', async () => {
    const work = new PhotoWork({ concurrency: 1, queueLength: 1 })
    const failed = work.edit('p1', () => Promise.reject(new Error('store down')))
    const next = work.edit('p1', async () => 'saved')
    await expect(failed).rejects.toThrow('store down')
    expect(await next).toBe('saved')
  })

  it.each([
    [1, 2, 8, 1],
    [1, 8, 8, 7],
    [2, 8, 8, 3],
    [4, 4, 4, 1],
    [8, 2, 2, 1],
    [1, 8, 1, 1],
  ])(
    'gives %i turn(s) on %i cores, sharp default %i: %i libvips thread(s) each',
    (turns, cores, fallback, threads) => {
      expect(imageThreads(turns, cores, fallback)).toBe(threads)
    },
  )
})
