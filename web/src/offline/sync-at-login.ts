// A login starts the device's first sync the moment its answer arrives, not when the first
// screen that reads offline data mounts: on a new studio tablet that screen is half a second of
// navigation and code away, while the pull of 30,000 records could already be running
// (docs/0019-attendance-grouped-per-day-on-the-device.md). It is the tab's one runtime that
// starts (app-offline.tsx): the screen that mounts next gets the same engine, so nothing runs
// twice, and a runtime already started syncs through its own session listener, as before.
// What the answer does not decide starts earlier (docs/0055-new-tablet-first-sync.md): the
// runtime's code loads while the login screen is shown, and the device database opens while the
// login call is on its way; whose data it holds is decided only after the answer, by the run's
// claim, before anything is pulled into it (docs/0034).
import type { EventBus } from '../events/bus'
import type { SessionUser } from '../session/session'
import type { offlineRuntime, openDeviceDatabase } from './app-offline'

interface RuntimeCode {
  offlineRuntime: typeof offlineRuntime
  openDeviceDatabase: typeof openDeviceDatabase
}

let loading: Promise<RuntimeCode> | null = null

/** The runtime's code, loaded once; a load that failed is tried again by the next call. */
const runtimeCode = (): Promise<RuntimeCode> => {
  loading ??= import('./app-offline').catch((error: unknown) => {
    loading = null
    throw error
  })
  return loading
}

/**
 * The login screen is shown: whoever sees it is about to sign in, so the code the sign-in runs
 * (the sync engine, the device database, the protocol's schemas) loads now, not with the click.
 * Nothing is opened or written: a visitor who leaves the screen has only downloaded code.
 */
export function prepareLogIn(load: () => Promise<RuntimeCode> = runtimeCode): void {
  // A chunk that fails to load is met again, and reloaded, by the login itself.
  load().catch(() => undefined)
}

/**
 * How long a login waits for its first sync request to go out before it answers (and the screen
 * navigates) anyway: the claim and the outbox's read take a few milliseconds; a database held up
 * (another tab's old version, a claim clearing a large device) must not hold up the login.
 */
export const FIRST_REQUEST_WAIT_MS = 300

/**
 * Logs in with `logIn` and, once someone is signed in, starts the tab's offline runtime, whose
 * sync loop pulls at once. The device database opens while the login call is on its way. Answers
 * once the sync's first request has gone out (at most FIRST_REQUEST_WAIT_MS after the login's
 * answer): the navigation that follows renders the next screen while that request is out,
 * instead of holding the main thread between the answer and the request.
 */
export async function logInAndSync(
  logIn: () => Promise<SessionUser | null>,
  bus: EventBus,
  load: () => Promise<RuntimeCode> = runtimeCode,
): Promise<SessionUser | null> {
  const code = load()
  // A chunk that fails to load is met again, and reloaded, by the screen that needs it; a
  // database that fails to open is reported by the run's first read.
  void code.then(({ openDeviceDatabase }) => openDeviceDatabase()).catch(() => undefined)
  const user = await logIn()
  if (!user) return user
  const requested = code.then(({ offlineRuntime }) => offlineRuntime(bus).engine.firstRequestSent())
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([
    requested.catch(() => undefined),
    new Promise((resolve) => (timer = setTimeout(resolve, FIRST_REQUEST_WAIT_MS))),
  ])
  clearTimeout(timer)
  return user
}
