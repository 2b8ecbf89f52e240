// The device's queue of make-up requests against the real API client, with a stand-in server
// that decides like /api/makeups does (places while free, then the waitlist).
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiError, createApiClient } from '../../api/client'
import { decodeBody, encodeBody } from '../../api/msgpack'
import {
  DECIDED_KEPT_MS,
  forgetOldDecisions,
  latestBySession,
  MakeupRequestDatabase,
  outcomeOfFailure,
  requestChange,
  sendWaiting,
  type MakeupRequest,
} from './request-queue'

const TOO_LATE = {
  sl: 'Prijavo lahko odjavite najpozneje 24 ur pred začetkom nadomeščanja',
  en: 'A sign-up can be cancelled up to 24 hours before the make-up session starts',
}

interface Sent {
  path: string
  body: Record<string, unknown>
}

/** A server with `places` free places per session; `online` false makes fetch fail. */
function stubServer(places: number) {
  const sent: Sent[] = []
  const decided = new Map<string, unknown>()
  const held = new Map<string, string[]>()
  const waiting = new Map<string, string[]>()
  const state = { online: true, refuseCancel: false, busy: false }
  const reply = (status: number, body: unknown) =>
    new Response(encodeBody(body), { status, headers: { 'content-type': 'application/msgpack' } })
  const fetch = async (path: string, init: RequestInit): Promise<Response> => {
    if (!state.online) throw new TypeError('Failed to fetch')
    if (state.busy) return reply(503, { error: { code: 'unavailable', message: TOO_LATE } })
    const body = decodeBody(init.body as Uint8Array) as Record<string, unknown>
    sent.push({ path, body })
    const key = `me:${String(body.requestId)}`
    if (decided.has(key)) return reply(200, decided.get(key))
    const sessionId = String(body.sessionId)
    const participant = String(body.participant ?? 'ana@test.lfit')
    const taken = held.get(sessionId) ?? []
    const queue = waiting.get(sessionId) ?? []
    let answer: unknown
    if (path.endsWith('/cancelSignup')) {
      if (state.refuseCancel) {
        return reply(409, { error: { code: 'makeupCancelTooLate', message: TOO_LATE } })
      }
      held.set(
        sessionId,
        taken.filter((p) => p !== participant),
      )
      answer = { signup: { sessionId, participant, status: 'cancelled' } }
    } else if (taken.length < places) {
      held.set(sessionId, [...taken, participant])
      answer = { signup: { sessionId, participant, status: 'confirmed' } }
    } else {
      waiting.set(sessionId, [...queue, participant])
      answer = {
        signup: { sessionId, participant, status: 'waitlisted', position: queue.length + 1 },
      }
    }
    decided.set(key, answer)
    return reply(200, answer)
  }
  return { sent, state, client: createApiClient({ fetch }) }
}

let db: MakeupRequestDatabase
let ids = 0
const deps = { now: () => 1_000, newId: () => `r${++ids}` }
const ask = (kind: MakeupRequest['kind'], sessionId: string, participant = 'ana@test.lfit') =>
  requestChange(db, { kind, sessionId, participant, user: 'ana@test.lfit' }, deps)
const all = () => db.requests.orderBy('seq').toArray()

beforeEach(() => {
  db = new MakeupRequestDatabase(`requests-${++ids}`)
})
afterEach(async () => {
  db.close()
  await db.delete()
})

describe('queued make-up requests', () => {
  it('waits while offline and is decided in order once online, each with its own id', async () => {
    const server = stubServer(1)
    server.state.online = false
    await ask('signUp', 's1')
    await ask('signUp', 's2')
    expect(await sendWaiting(db, server.client, 'ana@test.lfit', deps.now)).toBe(0)
    expect((await all()).map((r) => r.state)).toEqual(['waiting', 'waiting'])

    server.state.online = true
    expect(await sendWaiting(db, server.client, 'ana@test.lfit', deps.now)).toBe(2)
    expect(server.sent.map((s) => s.body.sessionId)).toEqual(['s1', 's2'])
    expect(new Set(server.sent.map((s) => s.body.requestId)).size).toBe(2)
    expect((await all()).map((r) => r.state)).toEqual(['confirmed', 'confirmed'])
    // A participant's own request names nobody: the server takes the caller.
    expect(server.sent[0]?.body).not.toHaveProperty('participant')
  })

  it('fetches the make-up book once, before the decisions show', async () => {
    const server = stubServer(2)
    await ask('signUp', 's1')
    await ask('signUp', 's2')
    const seen: string[][] = []
    await sendWaiting(db, server.client, 'ana@test.lfit', deps.now, async () => {
      seen.push((await all()).map((r) => r.state))
    })
    expect(seen).toEqual([['waiting', 'waiting']])
    expect((await all()).map((r) => r.state)).toEqual(['confirmed', 'confirmed'])
  })

  it('shows the waitlist position the server gave', async () => {
    const server = stubServer(0)
    await ask('signUp', 's1')
    await sendWaiting(db, server.client, 'ana@test.lfit', deps.now)
    expect(await all()).toMatchObject([{ state: 'waitlisted', position: 1 }])
  })

  it("records a refusal with the server's reason and goes on with the next request", async () => {
    const server = stubServer(1)
    server.state.refuseCancel = true
    await ask('signUp', 's1')
    await sendWaiting(db, server.client, 'ana@test.lfit', deps.now)
    await ask('cancel', 's1')
    await ask('signUp', 's2')
    expect(await sendWaiting(db, server.client, 'ana@test.lfit', deps.now)).toBe(2)
    expect(await all()).toMatchObject([
      { state: 'confirmed' },
      { kind: 'cancel', state: 'refused', reason: TOO_LATE },
      { state: 'confirmed', sessionId: 's2' },
    ])
  })

  it('stops at a server fault, so a later request never overtakes an earlier one', async () => {
    const server = stubServer(5)
    await ask('signUp', 's1')
    await ask('signUp', 's2')
    server.state.busy = true
    expect(await sendWaiting(db, server.client, 'ana@test.lfit', deps.now)).toBe(0)
    expect((await all()).map((r) => r.state)).toEqual(['waiting', 'waiting'])
  })

  it('names the participant when someone acts on their behalf', async () => {
    const server = stubServer(1)
    await requestChange(
      db,
      { kind: 'signUp', sessionId: 's1', participant: 'bor@test.lfit', user: 'editor@test.lfit' },
      deps,
    )
    // Another user's session never sends it.
    expect(await sendWaiting(db, server.client, 'ana@test.lfit', deps.now)).toBe(0)
    await sendWaiting(db, server.client, 'editor@test.lfit', deps.now)
    expect(server.sent).toMatchObject([{ body: { participant: 'bor@test.lfit' } }])
  })

  it('asking twice queues once; cancelling a waiting sign-up takes it back unsent', async () => {
    const first = await ask('signUp', 's1')
    expect(await ask('signUp', 's1')).toEqual(first)
    expect(await all()).toHaveLength(1)
    expect(await ask('cancel', 's1')).toBeNull()
    expect(await all()).toEqual([])
  })

  it('a request sent twice (an answer lost on the way) is decided once', async () => {
    const server = stubServer(1)
    await ask('signUp', 's1')
    const [request] = await all()
    await sendWaiting(db, server.client, 'ana@test.lfit', deps.now)
    await db.requests.update(request?.seq as number, { state: 'waiting' })
    await sendWaiting(db, server.client, 'ana@test.lfit', deps.now)
    expect(await all()).toMatchObject([{ state: 'confirmed' }])
    expect(server.sent.map((s) => s.body.requestId)).toEqual([
      request?.requestId,
      request?.requestId,
    ])
  })

  it('forgets decisions after a while, never a waiting request', async () => {
    const server = stubServer(1)
    await ask('signUp', 's1')
    await sendWaiting(db, server.client, 'ana@test.lfit', deps.now)
    server.state.online = false
    await ask('signUp', 's2')
    await forgetOldDecisions(db, deps.now() + DECIDED_KEPT_MS + 1)
    expect((await all()).map((r) => r.sessionId)).toEqual(['s2'])
  })

  it('shows the latest request per session', async () => {
    const server = stubServer(1)
    await ask('signUp', 's1')
    await sendWaiting(db, server.client, 'ana@test.lfit', deps.now)
    await ask('cancel', 's1')
    expect(latestBySession(await all()).get('s1')).toMatchObject({
      kind: 'cancel',
      state: 'waiting',
    })
  })

  it.each([
    ['offline', 0, 'offline', 'later'],
    ['signed out', 401, 'notLoggedIn', 'later'],
    ['too many requests', 429, 'tooMany', 'later'],
    ['a server fault', 500, 'internal', 'later'],
    ['a decision still being taken', 409, 'conflict', 'later'],
    ['a closed session', 409, 'makeupSessionClosed', 'refused'],
    ['someone else', 403, 'makeupOnlyYourself', 'refused'],
  ])('%s: %s %s is %s', (_what, status, code, expected) => {
    const outcome = outcomeOfFailure(new ApiError(status, code, TOO_LATE, '/api/makeups/signUp'))
    expect('later' in outcome ? 'later' : outcome.decided.state).toBe(expected)
  })
})
