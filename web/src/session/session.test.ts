import { beforeEach, describe, expect, it, vi } from 'vitest'
import { SYNC_PROTOCOL_VERSION } from '@lfit/domain/sync/protocol'
import { ApiError, createApiClient, MSGPACK } from '../api/client'
import { encodeBody } from '../api/msgpack'

/** What the fake server answers next: status and body per auth call. */
const answers = vi.hoisted(() => new Map<string, { status: number; body: unknown }>())
const blockedListeners = vi.hoisted(() => new Set<() => void>())

vi.mock('../api/api', () => ({
  api: createApiClient({
    fetch: async (path) => {
      const call = path.replace('/api/auth/', '')
      const { status, body } = answers.get(call) ?? { status: 404, body: undefined }
      // Status 0: no network, as fetch fails without one.
      if (status === 0) throw new TypeError('Failed to fetch')
      return new Response(encodeBody(body), { status, headers: { 'content-type': MSGPACK } })
    },
    onUserBlocked: () => blockedListeners.forEach((listener) => listener()),
  }),
  onUserBlocked: (listener: () => void) => blockedListeners.add(listener),
}))

const { deviceHadUser, logIn, logOut, refreshSession, sessionLapsed, sessionState } =
  await import('./session')
const { api } = await import('../api/api')
const { USER_CACHES } = await import('./user-caches')

/** A page's localStorage as a map the test reads (undone by `vi.unstubAllGlobals`). */
function stubLocalStorage(): Map<string, string> {
  const stored = new Map<string, string>()
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  })
  return stored
}

const blocked = {
  status: 401,
  body: { error: { code: 'userBlocked', message: { sl: 'Blokiran', en: 'User is blocked' } } },
}

const user = { _id: 'u1', username: 'ana@example.com', roles: ['participant'], status: 'active' }

describe('the session reads the server’s answers through the wire schema', () => {
  beforeEach(() => {
    answers.clear()
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
  })

  it('logs in with a valid answer', async () => {
    answers.set('login', { status: 200, body: { user } })
    await expect(logIn(user.username, 'pw')).resolves.toMatchObject({ username: user.username })
    expect(sessionState().user).toMatchObject({ username: user.username, roles: ['participant'] })
  })

  it('a malformed login answer is a client error, not a silent visitor', async () => {
    answers.set('login', { status: 200, body: { user: { username: 4 } } })
    const error: unknown = await logIn(user.username, 'pw').catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).code).toBe('malformedAnswer')
  })

  it('a malformed /user answer keeps who was logged in and says why in the console', async () => {
    answers.set('login', { status: 200, body: { user } })
    await logIn(user.username, 'pw')
    answers.set('user', { status: 200, body: '<html>' })
    await expect(refreshSession()).resolves.toMatchObject({ username: user.username })
    expect(sessionState().user).toMatchObject({ username: user.username })
    expect(console.error).toHaveBeenCalledWith(
      'session check failed',
      expect.objectContaining({ code: 'malformedAnswer' }),
    )
  })

  // What the server answers "who am I" for a visitor (docs/0043-a-visitor-is-an-answer.md).
  const notLoggedIn = { status: 200, body: { user: null } }

  it('a visitor’s answer to a device that had a user lapses the session and keeps the user', async () => {
    answers.set('login', { status: 200, body: { user } })
    await logIn(user.username, 'pw')
    answers.set('user', notLoggedIn)
    await expect(refreshSession()).resolves.toMatchObject({ username: user.username })
    expect(sessionState()).toMatchObject({ user: { username: user.username }, lapsed: true })
  })

  it('a lapsed session keeps the cached user, so a reload knows whose work is on the device', async () => {
    const stored = stubLocalStorage()
    try {
      answers.set('login', { status: 200, body: { user } })
      await logIn(user.username, 'pw')
      answers.set('user', notLoggedIn)
      await refreshSession()
      expect(sessionState().lapsed).toBe(true)
      expect(stored.get('lfit:session-user')).toContain(user.username)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('a lapsed session stays lapsed offline and ends with the next login', async () => {
    answers.set('login', { status: 200, body: { user } })
    await logIn(user.username, 'pw')
    sessionLapsed()
    expect(sessionState().lapsed).toBe(true)
    answers.set('user', { status: 0, body: undefined })
    await expect(refreshSession()).resolves.toMatchObject({ username: user.username })
    expect(sessionState().lapsed).toBe(true)
    answers.set('login', { status: 200, body: { user } })
    await logIn(user.username, 'pw')
    expect(sessionState().lapsed).toBeFalsy()
  })

  it('a visitor’s answer with no user known on the device makes a visitor', async () => {
    answers.set('logout', { status: 200, body: { ok: true } })
    await logOut()
    answers.set('user', notLoggedIn)
    await expect(refreshSession()).resolves.toBeNull()
    expect(sessionState()).toMatchObject({ user: null })
    expect(sessionState().lapsed).toBeFalsy()
  })

  it('a blocked answer to a background call logs out as blocked, before any session check', async () => {
    answers.set('login', { status: 200, body: { user } })
    await logIn(user.username, 'pw')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    // The sync engine's pull is refused; the server cleared the cookie with that answer, so a
    // session check now would answer a plain visitor.
    answers.set('/api/db/attendance/pull', blocked)
    answers.set('logout', { status: 200, body: { ok: true } })
    const error: unknown = await api
      .sync('attendance', 'pull', { v: SYNC_PROTOCOL_VERSION, cursor: null })
      .catch((thrown: unknown) => thrown)
    expect((error as ApiError).code).toBe('userBlocked')
    await vi.waitFor(() => expect(sessionState().user).toBeNull())
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith('blocked user logged out:', user.username)
  })
})

describe('a user’s cached answers and kept files leave with them (a shared device)', () => {
  const deleted: string[] = []
  beforeEach(async () => {
    answers.clear()
    answers.set('logout', { status: 200, body: { ok: true } })
    await logOut()
    deleted.length = 0
    vi.stubGlobal('caches', {
      delete: async (name: string) => {
        deleted.push(name)
        return true
      },
    })
    return () => vi.unstubAllGlobals()
  })

  it.each([
    ['logging out', () => logOut()],
    [
      'another person logging in',
      () => {
        answers.set('login', {
          status: 200,
          body: { user: { ...user, _id: 'u2', username: 'bor@example.com' } },
        })
        return logIn('bor@example.com', 'pw')
      },
    ],
  ])(
    '%s forgets the albums, pictures and kept files cached for the last user',
    async (_, leave) => {
      answers.set('login', { status: 200, body: { user } })
      await logIn(user.username, 'pw')
      expect(deleted).toEqual([])
      await leave()
      await vi.waitFor(() => expect([...deleted].sort()).toEqual([...USER_CACHES].sort()))
    },
  )

  it('keeps them when the same person signs in again after their session lapsed', async () => {
    answers.set('login', { status: 200, body: { user } })
    await logIn(user.username, 'pw')
    sessionLapsed()
    await logIn(user.username, 'pw')
    expect(deleted).toEqual([])
  })
})

describe('start-up knows whether this device had a signed-in user', () => {
  it('from a login until the logout, and not for a visitor', async () => {
    stubLocalStorage()
    try {
      answers.set('logout', { status: 200, body: { ok: true } })
      await logOut()
      expect(deviceHadUser()).toBe(false)
      answers.set('login', { status: 200, body: { user } })
      await logIn(user.username, 'pw')
      expect(deviceHadUser()).toBe(true)
      // A lapsed session keeps its user: the next start still asks the server before any screen.
      answers.set('user', { status: 200, body: { user: null } })
      await refreshSession()
      expect(sessionState().lapsed).toBe(true)
      expect(deviceHadUser()).toBe(true)
      await logOut()
      expect(deviceHadUser()).toBe(false)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('a reload of a device that had a user', () => {
  /** The session module as a fresh page load starts it, with this browser's localStorage. */
  async function reload() {
    vi.resetModules()
    return import('./session')
  }

  it('shows that user before the server has answered, and keeps them once it has', async () => {
    const stored = stubLocalStorage()
    try {
      stored.set('lfit:session-user', JSON.stringify(user))
      const page = await reload()
      expect(page.sessionState()).toMatchObject({ ready: false, user: { username: user.username } })
      answers.set('user', { status: 200, body: { user } })
      await page.refreshSession()
      expect(page.sessionState()).toMatchObject({ ready: true, user: { username: user.username } })
      expect(page.sessionState().lapsed).toBeUndefined()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('becomes a visitor, cache and all, when the server answers that the user is blocked', async () => {
    const stored = stubLocalStorage()
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      stored.set('lfit:session-user', JSON.stringify(user))
      const page = await reload()
      answers.set('user', { status: 200, body: { user: { ...user, status: 'blocked' } } })
      await page.refreshSession()
      expect(page.sessionState()).toMatchObject({ ready: true, user: null })
      expect(stored.has('lfit:session-user')).toBe(false)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it("a visitor's device starts with nobody", async () => {
    stubLocalStorage()
    try {
      const page = await reload()
      expect(page.sessionState()).toEqual({ ready: false, user: null })
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('the session is known', () => {
  it('once the server has answered, not while the device shows the user it had', async () => {
    vi.resetModules()
    stubLocalStorage().set('lfit:session-user', JSON.stringify(user))
    // The session ended overnight: the device keeps its user, lapsed (docs/0008).
    answers.set('user', { status: 200, body: { user: null } })
    const session = await import('./session')
    expect(session.sessionState()).toMatchObject({
      ready: false,
      user: { username: user.username },
    })
    let known = false
    void session.sessionKnown().then(() => (known = true))
    await new Promise((resolve) => setTimeout(resolve))
    expect(known).toBe(false)
    await session.refreshSession()
    await vi.waitFor(() => expect(known).toBe(true))
    expect(session.sessionState()).toMatchObject({ ready: true, lapsed: true })
    vi.unstubAllGlobals()
  })
})
