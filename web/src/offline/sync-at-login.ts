// A login starts the device's first sync the moment its answer arrives, not when the first
// screen that reads offline data mounts: on a new studio tablet that screen is half a second of
// navigation and code away, while the pull of 30,000 records could already be running
// (docs/0019-attendance-grouped-per-day-on-the-device.md). It is the tab's one runtime that
// starts (app-offline.tsx): the screen that mounts next gets the same engine, so nothing runs
// twice, and a runtime already started syncs through its own session listener, as before.
import type { EventBus } from '../events/bus'
import type { SessionUser } from '../session/session'
import type { offlineRuntime } from './app-offline'

interface RuntimeCode {
  offlineRuntime: typeof offlineRuntime
}

const runtimeCode = (): Promise<RuntimeCode> => import('./app-offline')

/**
 * Logs in with `logIn` and, once someone is signed in, starts the tab's offline runtime, whose
 * sync loop pulls at once. Its code loads while the login call is on its way.
 */
export async function logInAndSync(
  logIn: () => Promise<SessionUser | null>,
  bus: EventBus,
  load: () => Promise<RuntimeCode> = runtimeCode,
): Promise<SessionUser | null> {
  const code = load()
  // A chunk that fails to load is met again, and reloaded, by the screen that needs it.
  code.catch(() => undefined)
  const user = await logIn()
  if (user) void code.then(({ offlineRuntime }) => offlineRuntime(bus)).catch(() => undefined)
  return user
}
