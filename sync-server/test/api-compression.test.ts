// Large API answers travel gzipped to a client that accepts it (a phone pulling a season of
// attendance over mobile data), with the same content and headers as the uncompressed answer;
// small answers and clients that do not accept gzip get the bytes as they are. Read over raw HTTP,
// since fetch would undo the compression before the test could see it.
import { request } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { schedule } from '@lfit/domain/schedule'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import { COMPRESS_FROM_BYTES } from '../src/http/compression'
import { MSGPACK, pack, unpack } from '../src/http/msgpack'
import {
  START,
  openTestStore,
  seedUsers,
  startServer,
  userFor,
  type OpenedStore,
  type TestServer,
} from './harness'

interface RawAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  bytes: Buffer
}

describe('compressed API answers', () => {
  let db: OpenedStore
  let server: TestServer
  let cookie: string

  /** A POST as a browser sends it, the answer's bytes exactly as they came over the wire. */
  function post(path: string, payload: unknown, headers: Record<string, string> = {}) {
    const body = pack(payload)
    return new Promise<RawAnswer>((resolve, reject) => {
      const outgoing = request(
        `${server.url}${path}`,
        {
          method: 'POST',
          headers: {
            'content-type': MSGPACK,
            'content-length': body.length,
            origin: server.url,
            cookie,
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              bytes: Buffer.concat(chunks),
            }),
          )
        },
      )
      outgoing.on('error', reject)
      outgoing.end(body)
    })
  }

  beforeAll(async () => {
    db = await openTestStore('embedded')
    await seedUsers(db.store, [userFor('presenceEditor')])
    server = await startServer({ store: db.store })
    const editor = await server.as('presenceEditor')
    cookie = [...editor.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const days = schedule()
      .days.filter((day) => !day.freeDay)
      .slice(0, 30)
    const batch = days.flatMap((day, d) =>
      Array.from({ length: 10 }, (_, p) => ({
        id: `m-compress-${d}-${p}`,
        collection: 'attendance',
        recordId: `${day.id}:p${p}@test.lfit`,
        hlc: encodeHlc({ wall: START, counter: d * 10 + p, node: 'tablet-a' }),
        deviceId: 'tablet-a',
        fields: { mark: p % 3 === 0 ? 'absent' : 'present' },
      })),
    )
    const pushed = await editor.db('attendance', 'upsertBatch', { v: 1, batch })
    expect(pushed.status).toBe(200)
    const applied = (pushed.body as { results: { status: string }[] }).results
    expect(applied.filter((result) => result.status === 'applied')).toHaveLength(300)
  })
  afterAll(async () => {
    await server.close()
    await db.close()
  })

  const pullAll = { v: 1, cursor: null }

  it('sends a large pull page gzipped to a client that accepts it, with the same content', async () => {
    const plain = await post('/api/db/attendance/pull', pullAll)
    const zipped = await post('/api/db/attendance/pull', pullAll, {
      'accept-encoding': 'gzip, deflate, br',
    })
    expect(plain.status).toBe(200)
    expect(plain.bytes.length).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(zipped.status).toBe(200)
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(zipped.headers.vary).toBe('Accept-Encoding')
    expect(plain.headers.vary).toBe('Accept-Encoding')
    expect(Number(zipped.headers['content-length'])).toBe(zipped.bytes.length)
    expect(zipped.bytes.length).toBeLessThan(plain.bytes.length / 4)
    const answer = unpack(gunzipSync(zipped.bytes)) as { changes: { attendance: unknown[] } }
    expect(answer).toEqual(unpack(plain.bytes))
    expect(answer.changes.attendance).toHaveLength(300)
    // The same headers as any API answer, but for the request id.
    const { 'x-request-id': _zid, date: _zd, ...zippedRest } = zipped.headers
    const { 'x-request-id': _pid, date: _pd, ...plainRest } = plain.headers
    expect(zippedRest).toEqual({
      ...plainRest,
      'content-encoding': 'gzip',
      'content-length': String(zipped.bytes.length),
    })
    expect(zipped.headers['x-content-type-options']).toBe('nosniff')
    expect(zipped.headers['cache-control']).toBe('no-store')
  })

  it('sends the bytes as they are to a client that refuses gzip or names none', async () => {
    for (const accepted of ['gzip;q=0, deflate', 'identity', 'br']) {
      const answer = await post('/api/db/attendance/pull', pullAll, {
        'accept-encoding': accepted,
      })
      expect(answer.headers['content-encoding']).toBeUndefined()
      expect(unpack(answer.bytes)).toMatchObject({ v: 1, reset: true })
    }
  })

  it('leaves a small answer (a find of a few records) uncompressed', async () => {
    const found = await post(
      '/api/db/attendance/find',
      { query: { participant: 'p1@test.lfit' }, opts: { limit: 50 } },
      { 'accept-encoding': 'gzip' },
    )
    expect(found.status).toBe(200)
    expect(found.headers['content-encoding']).toBeUndefined()
    expect(found.headers.vary).toBeUndefined()
    expect(unpack(found.bytes)).toHaveLength(30)
  })
})
