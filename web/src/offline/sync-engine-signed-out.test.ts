import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  SYNC_PROTOCOL_VERSION,
  type Mutation,
  type PullResponse,
  type PushRequest,
  type PushResponse,
  noChanges,
} from '@lfit/domain/sync/protocol'
import { LocalDatabase } from './database'
import { recordEdit } from './outbox'
import { createSyncEngine, type SyncEngine } from './sync-engine'
import { TransportError, type SyncTransport } from './transport'

// A server whose session can be lost and given back: while `signedIn` is false every call is
// answered as the real server answers a visitor (401), and every call is counted.
class SessionServer implements SyncTransport {
  signedIn = true
  calls = 0
  received: string[] = []
  /** While set, answers wait for it: a call sent with the old cookie is still on its way. */
  held: Promise<void> | null = null

  private async check() {
    this.calls += 1
    const signedIn = this.signedIn
    await this.held
    if (!signedIn) throw new TransportError({ kind: 'unauthorized', status: 401 })
  }

  async push(_collection: string, request: PushRequest): Promise<unknown> {
    await this.check()
    const batch = request.batch as Mutation[]
    this.received.push(...batch.map((m) => m.id))
    const results = batch.map((m) => ({ id: m.id, status: 'applied' as const }))
    return { v: SYNC_PROTOCOL_VERSION, results } satisfies PushResponse
  }

  async pull(): Promise<unknown> {
    await this.check()
    return {
      v: SYNC_PROTOCOL_VERSION,
      changes: noChanges(),
      cursor: 'e1:0',
      more: false,
      reset: false,
    } satisfies PullResponse
  }

  async participants() {
    await this.check()
    return undefined
  }
}

const editor = { username: 'presenceEditor@demo.test', roles: ['presenceEditor'] }
let db: LocalDatabase
let server: SessionServer
let signedOutTold: number
let clock = 1_000
let ids = 0

function engine(): SyncEngine {
  return createSyncEngine({
    db,
    transport: server,
    now: () => clock,
    currentUser: () => editor,
    mayPush: () => true,
    onSignedOut: () => (signedOutTold += 1),
  })
}

function mark(participant: string, value: string) {
  clock += 10
  return recordEdit(
    db,
    {
      collection: 'attendance',
      recordId: `lfit_20261116:${participant}`,
      fields: { mark: value },
      user: editor.username,
    },
    { now: () => clock, newId: () => `id-${String(++ids).padStart(6, '0')}` },
  )
}

beforeEach(() => {
  db = new LocalDatabase(`test-${Math.random()}`)
  server = new SessionServer()
  signedOutTold = 0
})
afterEach(async () => {
  db.close()
  await db.delete()
})

describe('sync engine when the session is lost', () => {
  it('stops at the first "not signed in", keeps every edit queued and tries no push again', async () => {
    const sync = engine()
    await mark('ana@demo.test', 'present')
    server.signedIn = false
    const status = await sync.syncNow()
    expect(status.state).toBe('signedOut')
    expect(status.retryAt).toBeNull()
    expect(signedOutTold).toBe(1)
    const refused = server.calls

    // The tablet keeps collecting marks; the loop asks for syncs on edits, on a timer and when
    // the network returns: none of them reaches the server, and no retry is scheduled.
    await mark('bor@demo.test', 'late')
    await mark('cene@demo.test', 'absent')
    for (let i = 0; i < 3; i += 1) expect((await sync.syncNow()).state).toBe('signedOut')
    expect(server.calls).toBe(refused)
    expect(sync.retryDelay()).toBe(0)
    expect(await db.outbox.count()).toBe(3)
    expect(signedOutTold).toBe(1)
  })

  it('pushes the whole queue at once when someone signs in, and is idle again', async () => {
    const sync = engine()
    server.signedIn = false
    await mark('ana@demo.test', 'present')
    await sync.syncNow()
    await mark('bor@demo.test', 'late')
    expect(await db.outbox.count()).toBe(2)

    server.signedIn = true
    const status = await sync.resume()
    expect(status.state).toBe('idle')
    expect(status.lastError).toBeNull()
    expect(await db.outbox.count()).toBe(0)
    expect(server.received).toHaveLength(2)
  })

  it('a sign-in during a refused run still pushes: the old refusal does not win', async () => {
    const sync = engine()
    await mark('ana@demo.test', 'present')
    server.signedIn = false
    let answer = () => undefined as void
    server.held = new Promise((resolve) => (answer = resolve))
    const refusedRun = sync.syncNow()
    await vi.waitFor(() => expect(server.calls).toBe(1))
    server.signedIn = true
    const resumed = sync.resume()
    server.held = null
    answer()
    expect((await refusedRun).state).toBe('signedOut')
    expect((await resumed).state).toBe('idle')
    expect(await db.outbox.count()).toBe(0)
  })

  it('resume does nothing harmful when signed in all along', async () => {
    const sync = engine()
    await mark('ana@demo.test', 'present')
    expect((await sync.resume()).state).toBe('idle')
    expect(await db.outbox.count()).toBe(0)
    expect(signedOutTold).toBe(0)
  })
})
