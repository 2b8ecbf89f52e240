// The live-update socket against the real app on both stores: who may open one, and who is
// poked by a change (only those who may read it), also across two app instances on one store.
// A socket that received nothing it should not is proven by what it receives next: the feed
// reads the log in order, so a later poke or pong arrives after any poke that was sent before.
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest'
import WebSocket from 'ws'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import { LIVE_PATH, parseLiveMessage, type LiveMessage } from '@lfit/domain/sync/live'
import type { Mutation, PushResponse } from '@lfit/domain/sync/protocol'
import { openStore } from '../src/store/open'
import {
  ROLE_USERS,
  START,
  STORE_KINDS,
  openTestStore,
  seedUsers,
  startServer,
  type Browser,
  type OpenedStore,
  type TestServer,
  type TestUser,
} from './harness'
import type { Store } from '../src/store/port'

const DAY = 'lfit_20261116'
const ANA = 'ana@test.lfit'
const BOR = 'bor@test.lfit'
const PARTICIPANTS: TestUser[] = [ANA, BOR].map((username) => ({
  username,
  roles: ['participant'],
  firstName: username,
  lastName: 'Test',
}))
const LIVE = { pollMs: 50, pingMs: 1_000, maxSocketsPerUser: 2, maxAgeMs: 15 * 60_000 }

interface Socket {
  ws: WebSocket
  /** The next message this socket receives. */
  next(): Promise<LiveMessage>
  closed: Promise<number>
}

function open(server: TestServer, browser: Browser, origin: string | null = server.url) {
  const headers: Record<string, string> = {}
  if (origin !== null) headers.origin = origin
  if (browser.cookies.size > 0) {
    headers.cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
  return connect(`${server.url.replace('http', 'ws')}${LIVE_PATH}`, headers)
}

function connect(url: string, headers: Record<string, string>, autoPong = true) {
  return new Promise<Socket | { refused: number }>((resolve, reject) => {
    const ws = new WebSocket(url, { headers, autoPong })
    const queue: LiveMessage[] = []
    const waiting: ((message: LiveMessage) => void)[] = []
    ws.on('message', (data) => {
      const message = parseLiveMessage(String(data))
      if (!message) return reject(new Error(`not a live message: ${String(data)}`))
      const waiter = waiting.shift()
      if (waiter) waiter(message)
      else queue.push(message)
    })
    const closed = new Promise<number>((done) => ws.on('close', (code) => done(code)))
    ws.on('unexpected-response', (_request, response) => {
      resolve({ refused: response.statusCode ?? 0 })
      ws.terminate()
    })
    ws.on('error', () => undefined)
    ws.on('open', () =>
      resolve({
        ws,
        closed,
        next: () => {
          const queued = queue.shift()
          return queued ? Promise.resolve(queued) : new Promise((done) => waiting.push(done))
        },
      }),
    )
  })
}

async function opened(server: TestServer, browser: Browser): Promise<Socket> {
  const socket = await open(server, browser)
  if ('refused' in socket) throw new Error(`socket refused: ${socket.refused}`)
  return socket
}

let seq = 0
function mark(participant: string) {
  return {
    id: `m-${randomUUID()}`,
    collection: 'attendance',
    recordId: `${DAY}:${participant}`,
    hlc: encodeHlc({ wall: START + ++seq, counter: 0, node: 'tablet-1' }),
    deviceId: 'tablet-1',
    fields: { mark: 'present' },
  } satisfies Mutation
}

async function markPresent(browser: Browser, participant: string) {
  const answer = await browser.db('attendance', 'upsertBatch', { v: 1, batch: [mark(participant)] })
  expect((answer.body as PushResponse).results[0]?.status).toBe('applied')
}

const seqOf = (message: LiveMessage) =>
  message.type === 'poke' ? Number(message.cursor.split(':').at(-1)) : null

describe.each(STORE_KINDS)('live updates on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer
  const sockets: Socket[] = []
  const track = (socket: Socket) => (sockets.push(socket), socket)

  beforeEach(async () => {
    db = await openTestStore(kind)
    await seedUsers(db.store, [...ROLE_USERS, ...PARTICIPANTS])
    server = await startServer({ store: db.store, live: true, config: { live: LIVE } })
  })
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.ws.terminate()
    await server.close()
    await db.close()
  })

  it('refuses a socket without a session, from a foreign origin or without an origin', async () => {
    expect(await open(server, server.browser())).toEqual({ refused: 401 })
    const editor = await server.as('presenceEditor')
    expect(await open(server, editor, 'https://evil.example')).toEqual({ refused: 403 })
    expect(await open(server, editor, null)).toEqual({ refused: 403 })
    expect(server.live?.hub.size).toBe(0)
    track(await opened(server, editor))
    expect(server.live?.hub.size).toBe(1)
  })

  it('answers a plain request for the socket path as a page that does not exist', async () => {
    const editor = await server.as('presenceEditor')
    const cookie = [...editor.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const answer = await fetch(`${server.url}${LIVE_PATH}`, { headers: { cookie } })
    expect(answer.status).toBe(404)
  })

  it('refuses a user more sockets than the limit', async () => {
    const editor = await server.as('presenceEditor')
    track(await opened(server, editor))
    track(await opened(server, editor))
    expect(await open(server, editor)).toEqual({ refused: 429 })
  })

  it('answers a ping with its time and closes a socket that sends anything else', async () => {
    const socket = track(await opened(server, await server.as('participant')))
    socket.ws.send(JSON.stringify({ v: 1, type: 'ping', t: 42 }))
    expect(await socket.next()).toEqual({ v: 1, type: 'pong', t: 42 })
    socket.ws.send(JSON.stringify({ v: 1, type: 'poke', cursor: 'x:1' }))
    expect(await socket.closed).toBe(1008)
  })

  it('closes a socket that sends more messages than the limit', async () => {
    const socket = track(await opened(server, await server.as('participant')))
    for (let t = 0; t < 21; t++) socket.ws.send(JSON.stringify({ v: 1, type: 'ping', t }))
    expect(await socket.closed).toBe(1008)
  })

  it('closes a socket larger than a live message', async () => {
    const socket = track(await opened(server, await server.as('participant')))
    socket.ws.send(JSON.stringify({ v: 1, type: 'ping', t: 1, pad: 'x'.repeat(2_000) }))
    expect(await socket.closed).toBe(1009)
  })

  it('closes a socket that stopped answering pings', async () => {
    const editor = await server.as('presenceEditor')
    const cookie = [...editor.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const url = `${server.url.replace('http', 'ws')}${LIVE_PATH}`
    const socket = await connect(url, { origin: server.url, cookie }, false)
    if ('refused' in socket) throw new Error('refused')
    track(socket)
    expect(await socket.closed).toBe(1006)
  })

  it('pokes only the sockets whose user may read the changed record, never with data', async () => {
    const editor = await server.as('presenceEditor')
    const ana = server.browser()
    await ana.login(ANA)
    const bor = server.browser()
    await bor.login(BOR)
    const librarian = await server.as('librarian')
    const editorSocket = track(await opened(server, editor))
    const anaSocket = track(await opened(server, ana))
    const borSocket = track(await opened(server, bor))
    const librarianSocket = track(await opened(server, librarian))

    await markPresent(editor, ANA)
    const first = await anaSocket.next()
    expect(first).toEqual({ v: 1, type: 'poke', cursor: expect.stringMatching(/^[\w-]+:\d+$/) })
    expect(seqOf(await editorSocket.next())).toBe(seqOf(first))

    await markPresent(editor, BOR)
    // Bor's first poke is for his own record, so Ana's change poked him not.
    const borFirst = await borSocket.next()
    expect(seqOf(borFirst)).toBe((seqOf(first) ?? 0) + 1)
    expect(seqOf(await editorSocket.next())).toBe(seqOf(borFirst))

    // A librarian reads no attendance: the first thing the socket gets is the answer to a ping.
    librarianSocket.ws.send(JSON.stringify({ v: 1, type: 'ping', t: 7 }))
    expect(await librarianSocket.next()).toEqual({ v: 1, type: 'pong', t: 7 })
    anaSocket.ws.send(JSON.stringify({ v: 1, type: 'ping', t: 8 }))
    expect(await anaSocket.next()).toEqual({ v: 1, type: 'pong', t: 8 })
  })

  it('a retry of a push that was already applied pokes nobody', async () => {
    const editor = await server.as('presenceEditor')
    const ana = server.browser()
    await ana.login(ANA)
    const anaSocket = track(await opened(server, ana))
    const edit = mark(ANA)
    const push = () => editor.db('attendance', 'upsertBatch', { v: 1, batch: [edit] })
    expect(((await push()).body as PushResponse).results[0]?.status).toBe('applied')
    const first = await anaSocket.next()
    expect(first.type).toBe('poke')
    // The answer was lost on its way, say: the device sends the same edit again, and history
    // answers it without a change, so Ana's device has nothing new to pull, and the feed is not
    // even told to read the log.
    const told = vi.spyOn(server.live as NonNullable<TestServer['live']>, 'changed')
    expect(((await push()).body as PushResponse).results[0]?.status).toBe('applied')
    expect(told).not.toHaveBeenCalled()
    // Pokes go out in order: a later one (or a pong) proves none came for the retry.
    await markPresent(editor, BOR)
    await markPresent(editor, ANA)
    expect(told).toHaveBeenCalledTimes(2)
    // Ana's next poke is for her new mark, right after Bor's: the retry wrote nothing to the log.
    expect(seqOf(await anaSocket.next())).toBe((seqOf(first) ?? 0) + 2)
    anaSocket.ws.send(JSON.stringify({ v: 1, type: 'ping', t: 9 }))
    expect(await anaSocket.next()).toEqual({ v: 1, type: 'pong', t: 9 })
  })

  it('a material change pokes its readers by their years, not the others', async () => {
    await db.store
      .collection('enrolments')
      .insert({ _id: 'e-ana', person: ANA, year: 1, status: 'accepted' })
    const media = await server.as('mediaEditor')
    const presence = await server.as('presenceEditor')
    const ana = server.browser()
    await ana.login(ANA)
    const bor = server.browser()
    await bor.login(BOR)
    const anaSocket = track(await opened(server, ana))
    const borSocket = track(await opened(server, bor))
    const presenceSocket = track(await opened(server, presence))

    const material = {
      id: `m-${randomUUID()}`,
      collection: 'materials',
      recordId: 'material-1',
      hlc: encodeHlc({ wall: START + ++seq, counter: 0, node: 'laptop-1' }),
      deviceId: 'laptop-1',
      fields: { kind: 'document', years: [1], visibility: 'participants', createdAt: START },
    } satisfies Mutation
    const answer = await media.db('materials', 'upsertBatch', { v: 1, batch: [material] })
    expect((answer.body as PushResponse).results[0]?.status).toBe('applied')
    expect(await anaSocket.next()).toMatchObject({ v: 1, type: 'poke' })
    // Bor is in no year and the presence editor reads no material: nothing before the pong.
    for (const [socket, t] of [
      [borSocket, 1],
      [presenceSocket, 2],
    ] as const) {
      socket.ws.send(JSON.stringify({ v: 1, type: 'ping', t }))
      expect(await socket.next()).toEqual({ v: 1, type: 'pong', t })
    }
  })

  it('a change through one app instance pokes the sockets of another on the same store', async () => {
    const second = await secondStore(kind, db)
    const other = await startServer({ store: second.store, live: true, config: { live: LIVE } })
    try {
      const viewer = await other.as('presenceEditor')
      const socket = track(await opened(other, viewer))
      const editor = await server.as('presenceEditor')
      await markPresent(editor, ANA)
      expect(await socket.next()).toMatchObject({ v: 1, type: 'poke' })
      expect(other.live?.mode).toBe('polling')
    } finally {
      await other.close()
      await second.close()
    }
  })
})

/** The same database through its own connection (MongoDB), or the same store (one process owns an embedded one). */
async function secondStore(
  kind: (typeof STORE_KINDS)[number],
  db: OpenedStore,
): Promise<{ store: Store; close(): Promise<void> }> {
  if (kind === 'embedded') return { store: db.store, close: async () => undefined }
  const store = await openStore({
    mongodbUri: inject('mongoUri'),
    dataDir: '/nonexistent',
    dbName: db.dbName,
  })
  return { store, close: () => store.close() }
}
