// The app's event bus: what the sync engine, the update check, the session and the live-update
// socket report, in one typed stream the developer pages read (/test/ebus, /test/socket). It is
// created once by the app shell (main.tsx) and handed to whoever emits; nothing here is global.
// A detail says what happened in a few plain fields, never a secret, a username or record
// contents, so showing the log to anyone who may open the page gives nothing away.

/** How many events `recent()` keeps. */
export const RECENT_EVENTS = 200

export type SyncEventState =
  'idle' | 'syncing' | 'offline' | 'signedOut' | 'error' | 'updateRequired'
export type UpdateEventState = 'checked' | 'newBuild' | 'failed'
export type SessionEventState = 'signedIn' | 'signedOut' | 'lapsed' | 'rolesChanged'
export type LiveState = 'connecting' | 'open' | 'closed' | 'unavailable'

export interface AppEventDetails {
  /** The sync engine changed state. */
  sync: { state: SyncEventState }
  /** An update check ran; `newBuild` when another build is deployed. */
  update: { state: UpdateEventState }
  /** The session changed; the roles acted with, never the username. */
  session: { state: SessionEventState; roles: string[] }
  /** The live socket changed state, or a message came or went (its type and round trip). */
  live:
    | { state: LiveState }
    | { message: 'poke' | 'ping' | 'pong'; direction: 'in' | 'out'; rttMs?: number }
}

export type AppEventKind = keyof AppEventDetails
export const APP_EVENT_KINDS: readonly AppEventKind[] = ['sync', 'update', 'session', 'live']

export type AppEvent = {
  [K in AppEventKind]: { kind: K; at: number; detail: AppEventDetails[K] }
}[AppEventKind]

export interface EventBus {
  emit<K extends AppEventKind>(kind: K, detail: AppEventDetails[K]): void
  /** Calls `listener` with every later event; answers the unsubscribe. */
  subscribe(listener: (event: AppEvent) => void): () => void
  /** The last RECENT_EVENTS events, oldest first; a new array after each emit. */
  recent(): readonly AppEvent[]
}

export function createEventBus(now: () => number = Date.now): EventBus {
  let recent: readonly AppEvent[] = []
  const listeners = new Set<(event: AppEvent) => void>()
  return {
    emit(kind, detail) {
      const event = { kind, at: now(), detail } as AppEvent
      recent = [...recent.slice(-(RECENT_EVENTS - 1)), event]
      for (const listener of [...listeners]) {
        // One failing listener must not keep the event from the others, or break the emitter.
        try {
          listener(event)
        } catch (error) {
          console.warn('an app event listener failed', error)
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    recent: () => recent,
  }
}
