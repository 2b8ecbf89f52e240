// The session: who is logged in. The token cookie is HttpOnly, so the app asks the server
// (/api/auth/user) on start; `{ user: null }` is a visitor. Offline, the last known user is used so
// that an installed app opens with its user and queue. A blocked user is logged out silently
// with a console warning (docs/product-rules.md, Errors). The answers are checked by the API client against the
// domain's session schema; a malformed one is an error (the known user is kept), never a visitor.
// A session the server no longer honours (expired overnight, ended elsewhere) is *lapsed*, not a
// visitor: the device keeps its last user, as it does offline, so the studio tablet keeps working
// and its queued edits stay theirs, while every screen says someone must sign in to send them
// (docs/0008-studio-tablet-session.md).
import { useSyncExternalStore } from 'react'
import type { SessionAnswer } from '@lfit/domain/api/answers'
import { api, onUserBlocked } from '../api/api'
import { ApiError, USER_BLOCKED } from '../api/client'
import type { EventBus } from '../events/bus'
import { forgetLastUser, forgotten, resumeForgetting } from './leaving'

export interface SessionUser {
  username: string
  roles: string[]
  firstName?: string
  lastName?: string
  accname?: string
  email?: string
  status?: string
  /** A participant's programme year (1 to 5). */
  year?: number
  /** An admin acting with fewer roles (selectMyRoles) keeps the full list here. */
  allRoles?: string[]
  /**
   * The administrator really signed in, while they act as this user (docs/0045): the device
   * holds this user's data, and every screen says who acts.
   */
  actor?: { username: string; firstName?: string; lastName?: string }
}

export interface SessionState {
  /** False until the first answer (or the offline fallback) is known. */
  ready: boolean
  user: SessionUser | null
  /** The server no longer honours this device's session: `user` is the last one known. */
  lapsed?: boolean
}

const CACHE_KEY = 'lfit:session-user'
/** How often the server is asked again while the app is open (the server's 60-second user cache, docs/security.md#sessions). */
export const SESSION_RECHECK_MS = 60_000

// Until the server answers, the device's last user (docs/0008): every answer but a new login,
// a logout or a block keeps that user anyway (a lapsed session keeps them too), so a participant
// opening the app sees their own screens at once, not a visitor's page until the answer.
let state: SessionState = { ready: false, user: cachedUser() }
const listeners = new Set<() => void>()
let knownNow = () => {}
const known = new Promise<void>((resolve) => (knownNow = resolve))
const currentUsername = () => state.user?.username ?? null
resumeForgetting(currentUsername)

function set(next: SessionState) {
  const leaving = state.user?.username
  state = next
  if (next.ready) knownNow()
  // Another person (or nobody) now uses this device: what the last user left on it goes
  // (docs/0034-shared-devices-forget-the-last-user.md). A lapsed session is not a leaving.
  if (leaving && next.ready && !next.lapsed && next.user?.username !== leaving) {
    void forgetLastUser(currentUsername)
  }
  try {
    // A lapsed session leaves the cache as it is: kept for a reload, and never written back
    // after a logout in another tab removed it.
    if (next.user) {
      if (!next.lapsed) localStorage.setItem(CACHE_KEY, JSON.stringify(next.user))
    } else if (next.ready) localStorage.removeItem(CACHE_KEY)
  } catch {
    // Storage can be unavailable (private mode); the session still works in memory.
  }
  for (const listener of listeners) listener()
}

export function sessionState(): SessionState {
  return state
}

/**
 * Resolves once the session is known: the server's first answer, a login, or the offline
 * fallback. Until then the device's last user is only the one it had: a device that had a user
 * shows that user's first screen before asking (docs/0056), but what calls the server as that
 * user (the first sync, the live connection, the make-up book) waits for the answer, so that a
 * session that ended meanwhile is not met with refused calls.
 */
export function sessionKnown(): Promise<void> {
  return known
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, sessionState, sessionState)
}

const sessionUser = () => state.user

/**
 * The user alone: a screen that shows only who is signed in is not rendered again when the
 * session check answers what was already known (a visitor still a visitor). So the check does not
 * interrupt the home page's hydration of the server's HTML (docs/0023).
 */
export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribeSession, sessionUser, sessionUser)
}

function cachedUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem(CACHE_KEY)
    return raw ? (JSON.parse(raw) as SessionUser) : null
  } catch {
    return null
  }
}

/**
 * Whether a user was signed in on this device when it last knew (the cache of the last user).
 * Without one, a public page shows as a visitor's until the server says otherwise, so start-up
 * may ask the server after the first screen is shown (docs/0022).
 */
export function deviceHadUser(): boolean {
  return cachedUser() !== null
}

/** The user of a session answer (already checked against its schema by the API client). */
export function userFrom(answer: SessionAnswer): SessionUser {
  return answer.user
}

export function isBlockedAnswer(error: unknown, user: SessionUser | null): boolean {
  if (user?.status === 'blocked') return true
  return error instanceof ApiError && error.code === USER_BLOCKED
}

let blockedLogout: Promise<void> | null = null

/** Logs a blocked user out once, however many calls were refused at the same moment. */
function logOutBlocked(username: string | undefined): Promise<void> {
  blockedLogout ??= (async () => {
    console.warn('blocked user logged out:', username ?? '(unknown)')
    try {
      await api.auth('logout')
    } catch {
      // The server already refuses the session; nothing more to undo.
    }
    set({ ready: true, user: null })
  })().finally(() => {
    blockedLogout = null
  })
  return blockedLogout
}

// Any refused call can be the first to learn of the block (a background sync often is), and its
// answer clears the cookie: the session check that follows would only see a visitor.
onUserBlocked(() => {
  const username = state.user?.username ?? cachedUser()?.username
  if (username) void logOutBlocked(username)
})

// A logout in another tab of this browser removes the cached user: this tab is a visitor too,
// not a lapsed session of the user who just left.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === CACHE_KEY && event.newValue === null && state.user) {
      set({ ready: true, user: null })
    }
  })
}

/** Asks the server who is logged in; keeps the last known user when the server is unreachable. */
export async function refreshSession(): Promise<SessionUser | null> {
  try {
    const answer = await api.auth('user')
    if (answer.user === null) {
      // The device had a user: their session lapsed. Without one, this is a visitor.
      const user = state.user ?? cachedUser()
      set({ ready: true, user, ...(user ? { lapsed: true } : {}) })
      return user
    }
    const user = userFrom(answer)
    if (isBlockedAnswer(null, user)) {
      await logOutBlocked(user?.username)
      return null
    }
    set({ ready: true, user })
    return user
  } catch (error) {
    if (isBlockedAnswer(error, null)) {
      await logOutBlocked(state.user?.username ?? cachedUser()?.username)
      return null
    }
    if (error instanceof ApiError && error.offline) {
      const user = state.user ?? cachedUser()
      // Offline says nothing about the session: a lapsed one stays lapsed.
      set({ ready: true, user, ...(state.lapsed && user ? { lapsed: true } : {}) })
      return user
    }
    if (error instanceof ApiError && error.status === 403) {
      set({ ready: true, user: null })
      return null
    }
    // Any other failure: keep who we had, so a server hiccup does not log anyone out.
    console.error('session check failed', error)
    set({ ...state, ready: true, user: state.user ?? cachedUser() })
    return state.user
  }
}

/**
 * A call of this device was answered "not signed in" (a sync push, say): the session lapsed.
 * Said at once, without waiting for the next session check.
 */
export function sessionLapsed(): void {
  if (state.user && !state.lapsed) set({ ...state, lapsed: true })
}

export async function logIn(username: string, password: string): Promise<SessionUser | null> {
  const user = userFrom(await api.auth('login', { username, password }))
  set({ ready: true, user })
  return user
}

/** Logs out; resolves once the device has forgotten what was the user's (docs/0034). */
export async function logOut(): Promise<void> {
  try {
    await api.auth('logout')
  } finally {
    set({ ready: true, user: null })
    await forgotten()
  }
}

/** An admin acts with some of their roles (empty: all again); the server answers the user. */
export async function actWithRoles(roles: string[]): Promise<void> {
  const user = userFrom(await api.auth('selectMyRoles', { roles }))
  if (user) set({ ready: true, user })
  else await refreshSession()
}

/**
 * An admin acts as another user (`actAs`, a username) or ends it (`stopActing`), docs/0045: the
 * server answers whom the device now serves, so it forgets the last one's data and syncs the
 * next one's, as for another login. `leave` runs between the answer and the change of user: it
 * navigates away from a screen the next user may not open, so it never renders for them.
 */
export async function switchActing(
  call: 'actAs' | 'stopActing',
  username?: string,
  leave?: () => Promise<void>,
): Promise<void> {
  const user = userFrom(await api.auth(call, call === 'actAs' ? { username } : {}))
  await leave?.()
  set({ ready: true, user })
}

/** Re-checks the session now and then while the app is open, and when it comes back to view. */
export function keepSessionFresh(): () => void {
  let last = Date.now()
  const recheck = () => {
    if (Date.now() - last < SESSION_RECHECK_MS || !state.user) return
    last = Date.now()
    void refreshSession()
  }
  const timer = setInterval(recheck, SESSION_RECHECK_MS)
  const onVisible = () => document.visibilityState === 'visible' && recheck()
  document.addEventListener('visibilitychange', onVisible)
  return () => {
    clearInterval(timer)
    document.removeEventListener('visibilitychange', onVisible)
  }
}

/** Reports sign-ins, sign-outs, lapses and role changes on the app's bus (roles, never names). */
export function reportSessionEvents(bus: EventBus): () => void {
  let last = describe(state)
  return subscribeSession(() => {
    const next = describe(state)
    if (next.state === last.state && next.roles.join() === last.roles.join()) return
    const rolesOnly = next.state === last.state && next.state === 'signedIn'
    last = next
    bus.emit('session', { state: rolesOnly ? 'rolesChanged' : next.state, roles: next.roles })
  })
}

function describe({ user, lapsed }: SessionState): {
  state: 'signedIn' | 'signedOut' | 'lapsed'
  roles: string[]
} {
  if (!user) return { state: 'signedOut', roles: [] }
  return { state: lapsed ? 'lapsed' : 'signedIn', roles: [...user.roles] }
}
