import 'fake-indexeddb/auto'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { noChanges, SYNC_PROTOCOL_VERSION, type PullResponse } from '@lfit/domain/sync/protocol'
import { createApiClient, MSGPACK } from '../api/client'
import { encodeBody } from '../api/msgpack'

// A server that answers a login and a device's pull, and counts the calls of each; the tab's
// runtime (app-offline.tsx) runs for real on fake-indexeddb.
const calls = vi.hoisted(() => [] as string[])
let user = { _id: 'u1', username: 'ana@example.com', roles: ['presenceEditor'], status: 'active' }
const page: PullResponse = {
  v: SYNC_PROTOCOL_VERSION,
  // Every collection of the registry, empty but for the attendance of the case.
  changes: {
    ...noChanges(),
    attendance: [
      {
        _id: 'lfit_20261116:ana',
        dayId: 'lfit_20261116',
        participant: 'ana',
        mark: 'present',
        note: '',
        stamps: { mark: { hlc: '0000000000001:00000:x', deviceId: 'd2', user: 'eva' } },
      },
    ],
  },
  cursor: 'e1:1',
  more: false,
  reset: false,
}

// A login and a pull answered; everything else refused, as the roster is to a user who may not
// list participants (the engine then keeps none).
const answerTo = (path: string): { status: number; body: unknown } =>
  path.endsWith('/auth/login')
    ? { status: 200, body: { user } }
    : path.endsWith('/pull')
      ? { status: 200, body: page }
      : { status: 403, body: { error: { code: 'forbidden', message: { sl: 'Ne', en: 'No' } } } }

vi.mock('../api/api', () => ({
  api: createApiClient({
    fetch: async (path) => {
      calls.push(path)
      const { status, body } = answerTo(path)
      return new Response(encodeBody(body), { status, headers: { 'content-type': MSGPACK } })
    },
  }),
  onUserBlocked: () => () => undefined,
}))
// What the runtime wires besides the engine: not under test here.
vi.mock('../pwa/updates', () => ({ checkForUpdate: vi.fn(), holdUpdates: () => () => undefined }))
vi.mock('../makeups/signup/sender', () => ({ makeupRequestSender: vi.fn() }))
vi.stubGlobal('navigator', { onLine: true })
vi.stubGlobal('window', { navigator, addEventListener: vi.fn(), removeEventListener: vi.fn() })

const { logIn } = await import('../session/session')
const { createEventBus } = await import('../events/bus')
const { offlineRuntime, startedRuntime } = await import('./app-offline')
const { FIRST_REQUEST_WAIT_MS, logInAndSync, prepareLogIn } = await import('./sync-at-login')
const { markFirstScreenShown } = await import('../app/first-screen')

// The app is up: its first screen (the login page) was shown before anyone signed in.
markFirstScreenShown()

const pulls = () => calls.filter((path) => path.endsWith('/pull')).length

afterAll(() => startedRuntime()?.loop.stop())

describe('a login starts the first sync', () => {
  it('pulls before the first screen mounts, and that screen gets the same engine', async () => {
    const bus = createEventBus()
    const loggedIn = await logInAndSync(() => logIn('ana@example.com', 'secret'), bus)
    expect(loggedIn?.username).toBe('ana@example.com')
    // No screen has asked for the runtime: the login started it, and its sync is under way.
    await vi.waitFor(() => expect(pulls()).toBe(1))
    const started = startedRuntime()
    expect(started).not.toBeNull()
    // The first screen mounts: the one runtime, no second engine and no second pull.
    const mounted = offlineRuntime(bus)
    expect(mounted).toBe(started)
    await vi.waitFor(() =>
      expect(mounted.engine.status()).toMatchObject({ state: 'idle', lastError: null }),
    )
    expect(pulls()).toBe(1)
    expect(calls.filter((path) => path.endsWith('/auth/login'))).toHaveLength(1)
    // The pulled record is on the device.
    const days = await mounted.db.attendanceDays.toArray()
    expect(days.flatMap((day) => day.records.map((record) => record._id))).toEqual([
      'lfit_20261116:ana',
    ])
  })

  it('another user signing in on the running runtime syncs once, through that runtime', async () => {
    const bus = createEventBus()
    const runtime = startedRuntime()
    user = { ...user, _id: 'u2', username: 'bor@example.com' }
    await logInAndSync(() => logIn('bor@example.com', 'secret'), bus)
    await vi.waitFor(() => expect(pulls()).toBe(2))
    await vi.waitFor(() => expect(runtime?.engine.status().state).toBe('idle'))
    expect(offlineRuntime(bus)).toBe(runtime)
    expect(pulls()).toBe(2)
  })
})

describe('what a login starts before its answer', () => {
  /** The runtime's code as a fake: what it was asked to do, in order. */
  function fakeCode(firstRequest: Promise<void>) {
    const steps: string[] = []
    const load = async () => ({
      openDeviceDatabase: async () => void steps.push('database opened'),
      offlineRuntime: () => {
        steps.push('runtime started')
        return { engine: { firstRequestSent: () => firstRequest } } as never
      },
    })
    return { steps, load }
  }

  it('the login screen loads the code only; the click opens the database while the call is out', async () => {
    const { steps, load } = fakeCode(Promise.resolve())
    prepareLogIn(load)
    await new Promise((resolve) => setTimeout(resolve))
    // A visitor who only looks at the screen leaves no database behind.
    expect(steps).toEqual([])
    let answer = (_user: null) => {}
    const login = logInAndSync(
      () => new Promise((resolve) => (answer = resolve)),
      createEventBus(),
      load,
    )
    await vi.waitFor(() => expect(steps).toEqual(['database opened']))
    // A refused login starts nothing: no runtime, no claim, no sync for anyone.
    answer(null)
    expect(await login).toBeNull()
    expect(steps).toEqual(['database opened'])
  })

  it('answers once the first sync request went out, so the next screen renders while it is out', async () => {
    let sent = () => {}
    const { steps, load } = fakeCode(new Promise((resolve) => (sent = resolve)))
    let answered = false
    const login = logInAndSync(
      async () => ({ username: 'ana@example.com', roles: ['presenceEditor'] }),
      createEventBus(),
      load,
    ).then((user) => {
      answered = true
      return user
    })
    await vi.waitFor(() => expect(steps).toContain('runtime started'))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(answered).toBe(false)
    sent()
    expect((await login)?.username).toBe('ana@example.com')
  })

  it('answers after FIRST_REQUEST_WAIT_MS when the first request is held up', async () => {
    vi.useFakeTimers()
    try {
      const { load } = fakeCode(new Promise(() => {}))
      let answered = false
      void logInAndSync(
        async () => ({ username: 'ana@example.com', roles: ['presenceEditor'] }),
        createEventBus(),
        load,
      ).then(() => (answered = true))
      await vi.advanceTimersByTimeAsync(FIRST_REQUEST_WAIT_MS - 1)
      expect(answered).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(answered).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })
})
