// What the live-update connection is doing, for the sync panel and /test/socket. The app shell
// creates one store (main.tsx) and the live client (client.ts) writes to it; a device with no
// client (a visitor, or before it starts) reads "closed".
import { createContext, useContext, useSyncExternalStore } from 'react'
import type { LiveMessage } from '@lfit/domain/sync/live'
import type { LiveState } from '../events/bus'

export type { LiveState }

/** How many received messages the status keeps for /test/socket. */
export const LIVE_MESSAGES_KEPT = 50

export interface LiveStatus {
  /** `unavailable`: the socket cannot be opened here (refused or blocked); periodic sync goes on. */
  state: LiveState
  lastPokeAt: number | null
  rttMs: number | null
  /** The last messages received, oldest first. */
  messages: LiveMessage[]
}

export const CLOSED: LiveStatus = { state: 'closed', lastPokeAt: null, rttMs: null, messages: [] }

export interface LiveStatusStore {
  get(): LiveStatus
  set(change: Partial<LiveStatus>): void
  /** Adds a received message to `messages`. */
  received(message: LiveMessage, at: number): void
  subscribe(listener: () => void): () => void
}

export function createLiveStatus(): LiveStatusStore {
  let status = CLOSED
  const listeners = new Set<() => void>()
  const set = (change: Partial<LiveStatus>) => {
    status = { ...status, ...change }
    for (const listener of [...listeners]) listener()
  }
  return {
    get: () => status,
    set,
    received(message, at) {
      set({
        messages: [...status.messages.slice(-(LIVE_MESSAGES_KEPT - 1)), message],
        ...(message.type === 'poke' ? { lastPokeAt: at } : {}),
      })
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}

export const LiveStatusContext = createContext<LiveStatusStore | null>(null)

const closed = () => CLOSED
const never = () => () => undefined

/** The live connection's state; "closed" where the app has no live client. */
export function useLiveStatus(): LiveStatus {
  const store = useContext(LiveStatusContext)
  return useSyncExternalStore(store?.subscribe ?? never, store?.get ?? closed, store?.get ?? closed)
}
