// What one client can make the server hold: bodies are capped before they are read (a declared
// Content-Length and a chunked body alike, on the visit statistics as on the API), a client that
// sends its request slowly is cut off, one address cannot open more than its share of
// connections, and API work beyond the admission limit waits its turn, then is answered 503.
import { connect, type Socket } from 'node:net'
import { request, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../src/app'
import type { Config } from '../src/config'
import { memoryLog } from '../src/http/log'
import { MSGPACK, pack, unpack } from '../src/http/msgpack'
import { listen } from '../src/http/server'
import { ANALYTICS_COLLECTION } from '../src/analytics/routes'
import { openTestStore, snapshot, testConfig, type OpenedStore } from './harness'

let db: OpenedStore
beforeAll(async () => {
  db = await openTestStore('embedded')
})
afterAll(async () => {
  await db.close()
})

const servers: Server[] = []
const sockets: Socket[] = []
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

async function start(overrides: Partial<Config> = {}): Promise<{ port: number; server: Server }> {
  const config = testConfig({ maxBodyBytes: 64 * 1024, ...overrides })
  const app = createApp({ stores: async () => db.store, config, clock: Date.now, log: memoryLog() })
  const server = await new Promise<Server>((resolve) => {
    const started: Server = listen(app, { ...config, port: 0, host: '127.0.0.1' }, () =>
      resolve(started),
    )
  })
  servers.push(server)
  return { port: (server.address() as AddressInfo).port, server }
}

/** Opens a raw connection; resolves with everything the server sent once it closes it. */
function rawConnection(port: number) {
  const socket = connect(port, '127.0.0.1')
  sockets.push(socket)
  let received = ''
  socket.on('data', (chunk) => (received += chunk.toString('latin1')))
  socket.on('error', () => {})
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)))
  const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  return { socket, closed, opened, received: () => received }
}

/**
 * Streams a chunked body of up to `total` bytes to `path`, one 16 KiB chunk after another, and
 * stops as soon as the server answers. Returns the status and how much had been sent by then.
 */
function streamUntilAnswered(port: number, path: string, total: number, contentType: string) {
  return new Promise<{ status: number; sent: number; body: Buffer }>((resolve, reject) => {
    let sent = 0
    let answered = false
    const outgoing = request({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: { 'content-type': contentType, 'transfer-encoding': 'chunked' },
    })
    outgoing.on('response', (response: IncomingMessage) => {
      answered = true
      const sentWhenAnswered = sent
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        resolve({
          status: response.statusCode ?? 0,
          sent: sentWhenAnswered,
          body: Buffer.concat(chunks),
        })
        outgoing.destroy()
      })
    })
    outgoing.on('error', (error) => {
      if (!answered) reject(error)
    })
    const chunk = Buffer.alloc(16 * 1024, 0x61)
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length
        if (!outgoing.write(chunk)) {
          outgoing.once('drain', () => setImmediate(pump))
          return
        }
        // Give the answer a chance to arrive between chunks.
        setImmediate(pump)
        return
      }
      if (!answered) outgoing.end()
    }
    pump()
  })
}

const errorCode = (body: Buffer) => (unpack(body) as { error: { code: string } }).error.code

describe('request bodies are capped before they are read', () => {
  it('an oversized chunked visit event is refused with 413 long before it is all sent', async () => {
    const { port } = await start()
    const before = await snapshot(db.store, ANALYTICS_COLLECTION)
    const answer = await streamUntilAnswered(port, '/a/event', 64 * 1024 * 1024, 'application/json')
    expect(answer.status).toBe(413)
    expect(errorCode(answer.body)).toBe('payloadTooLarge')
    expect(answer.sent).toBeLessThan(1024 * 1024)
    expect(await snapshot(db.store, ANALYTICS_COLLECTION)).toEqual(before)
  })

  it('a declared Content-Length over the cap is refused before any byte of the body', async () => {
    const { port } = await start()
    for (const path of ['/a/event', '/api/auth/login', '/anything']) {
      const connection = rawConnection(port)
      await connection.opened
      connection.socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${MSGPACK}\r\n` +
          `Content-Length: ${450 * 1024 * 1024}\r\nConnection: close\r\n\r\n`,
      )
      const received = await connection.closed
      expect({ path, status: received.slice(0, 12) }).toEqual({ path, status: 'HTTP/1.1 413' })
    }
  })

  it('an oversized chunked API call is refused with 413 too', async () => {
    const { port } = await start()
    const answer = await streamUntilAnswered(port, '/api/auth/login', 64 * 1024 * 1024, MSGPACK)
    expect(answer.status).toBe(413)
    expect(answer.sent).toBeLessThan(1024 * 1024)
  })
})

describe('slow clients', () => {
  it('a client that sends its body slowly is cut off after the request timeout', async () => {
    const { port } = await start({ headersTimeoutMs: 300, requestTimeoutMs: 600 })
    const connection = rawConnection(port)
    await connection.opened
    connection.socket.write(
      `POST /a/event HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: 100\r\n\r\n{"type":`,
    )
    const received = await connection.closed
    expect(received.startsWith('HTTP/1.1 408') || received === '').toBe(true)
  })

  it('a client that never finishes its headers is cut off after the header timeout', async () => {
    const { port } = await start({ headersTimeoutMs: 300, requestTimeoutMs: 600 })
    const connection = rawConnection(port)
    await connection.opened
    connection.socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n')
    const received = await connection.closed
    expect(received.startsWith('HTTP/1.1 408') || received === '').toBe(true)
  })
})

describe('connections', () => {
  it('one address gets at most its share of connections; the one over it is closed at once', async () => {
    const { port, server } = await start({ maxConnectionsPerClient: 3, maxConnections: 50 })
    expect(server.maxConnections).toBe(50)
    const held = [rawConnection(port), rawConnection(port), rawConnection(port)]
    for (const connection of held) {
      await connection.opened
      connection.socket.write('GET /builds/latest.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    }
    // Each of the three is served (and kept alive).
    for (const connection of held) {
      await new Promise<void>((resolve) => {
        const check = () =>
          connection.received().includes('\r\n\r\n') ? resolve() : setImmediate(check)
        check()
      })
      expect(connection.received().slice(0, 9)).toBe('HTTP/1.1 ')
    }
    const fourth = rawConnection(port)
    fourth.socket.write('GET /builds/latest.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    expect(await fourth.closed).toBe('')

    // A connection that ends frees its place.
    held[0]?.socket.destroy()
    await held[0]?.closed
    let answered = ''
    for (let attempt = 0; attempt < 100 && !answered.startsWith('HTTP/1.1'); attempt++) {
      const next = rawConnection(port)
      next.socket.write(
        'GET /builds/latest.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
      )
      answered = await next.closed
    }
    expect(answered.slice(0, 9)).toBe('HTTP/1.1 ')
  })
})

describe('admission of API work', () => {
  it('a call beyond the limit waits its turn, then is answered 503 busy with Retry-After', async () => {
    const { port } = await start({ apiConcurrency: 1, apiQueueLength: 4, apiQueueTimeoutMs: 200 })
    // The one place is taken by a call whose body has not all arrived.
    const holder = rawConnection(port)
    const body = pack({})
    await holder.opened
    holder.socket.write(
      `POST /api/auth/user HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${MSGPACK}\r\n` +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    )
    // Sent after the holder's headers reached the server, so it arrives second.
    await new Promise((resolve) => setTimeout(resolve, 50))
    const waiting = await fetch(`http://127.0.0.1:${port}/api/auth/user`, {
      method: 'POST',
      headers: { 'content-type': MSGPACK },
      body: pack({}),
    })
    expect(waiting.status).toBe(503)
    expect(waiting.headers.get('retry-after')).toBe('2')
    expect(unpack(new Uint8Array(await waiting.arrayBuffer()))).toEqual({
      error: {
        code: 'serverBusy',
        message: {
          sl: 'Strežnik je trenutno zaseden, poskusite znova čez trenutek',
          en: 'The server is busy, try again in a moment',
        },
      },
    })
    // The holder still gets its answer once its body is complete: a visitor, no one signed in
    // (docs/0043-a-visitor-is-an-answer.md).
    holder.socket.write(body)
    const held = await holder.closed
    expect(held.slice(0, 12), held).toBe('HTTP/1.1 200')
    // And with the place free again, a call goes straight through.
    const after = await fetch(`http://127.0.0.1:${port}/api/auth/user`, {
      method: 'POST',
      headers: { 'content-type': MSGPACK },
      body: pack({}),
    })
    expect(after.status).toBe(200)
  })
})
