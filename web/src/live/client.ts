// The live-update client (docs/sync-protocol.md#live-updates): while someone is signed in and the
// device is online it keeps a WebSocket to the server open, reconnecting with backoff, and puts
// every poke on the app's event bus, where the offline runtime pulls at once through the one sync
// engine. It pings now and then for the round-trip time. Nothing depends on it: with the socket
// refused or blocked by a proxy, the periodic sync goes on and the panel says "not connected".
import {
  encodeLiveMessage,
  LIVE_PATH,
  LIVE_PROTOCOL_VERSION,
  parseLiveMessage,
} from '@lfit/domain/sync/live'
import type { EventBus } from '../events/bus'
import type { LiveStatusStore } from './status'

/** How often the client measures the round trip (the server's own keepalive is separate). */
export const LIVE_PING_MS = 20_000
const RECONNECT_BASE_MS = 1_000
const RECONNECT_MAX_MS = 60_000

/** The wait before reconnect attempt `failures` (1, 2, …): doubling, capped, with some jitter. */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, failures - 1))
  // Up to a quarter more, so that devices cut off together do not all return at once.
  return Math.round(base * (1 + random() / 4))
}

export interface LiveClientDeps {
  bus: EventBus
  status: LiveStatusStore
  /** Who is signed in with a session the server honours; null for nobody. */
  user(): string | null
  subscribeSession(listener: () => void): () => void
  win?: Window
}

export function startLiveClient(deps: LiveClientDeps): { stop(): void } {
  const { bus, status } = deps
  const win = deps.win ?? window
  let socket: WebSocket | null = null
  let failures = 0
  let reconnect: ReturnType<typeof setTimeout> | undefined
  let pinger: ReturnType<typeof setInterval> | undefined
  let stopped = false
  /** Whose session the open socket was accepted with: another login needs a new socket. */
  let connectedAs: string | null = null

  const setState = (state: 'connecting' | 'open' | 'closed' | 'unavailable') => {
    if (status.get().state === state) return
    status.set({ state })
    bus.emit('live', { state })
  }

  const wanted = () => !stopped && deps.user() !== null && win.navigator.onLine

  const ping = () => {
    if (socket?.readyState !== WebSocket.OPEN) return
    socket.send(encodeLiveMessage({ v: LIVE_PROTOCOL_VERSION, type: 'ping', t: Date.now() }))
    bus.emit('live', { message: 'ping', direction: 'out' })
  }

  function connect() {
    clearTimeout(reconnect)
    if (socket || !wanted()) return
    const url = new URL(LIVE_PATH, win.location.href)
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
    const opened = new WebSocket(url)
    socket = opened
    connectedAs = deps.user()
    let wasOpen = false
    setState('connecting')
    opened.onopen = () => {
      wasOpen = true
      failures = 0
      setState('open')
      ping()
      pinger = setInterval(ping, LIVE_PING_MS)
    }
    opened.onmessage = (event) => {
      const message = typeof event.data === 'string' ? parseLiveMessage(event.data) : null
      if (!message) return
      const at = Date.now()
      status.received(message, at)
      if (message.type === 'pong') {
        const rttMs = Math.max(0, at - message.t)
        status.set({ rttMs })
        bus.emit('live', { message: 'pong', direction: 'in', rttMs })
      } else if (message.type === 'poke') {
        bus.emit('live', { message: 'poke', direction: 'in' })
      }
    }
    opened.onclose = () => {
      if (socket !== opened) return
      socket = null
      clearInterval(pinger)
      // Never opened: refused (no session, a limit) or blocked on the way. Either way the
      // periodic sync carries on; the socket is tried again later.
      failures += 1
      setState(wasOpen ? 'closed' : 'unavailable')
      if (wanted()) reconnect = setTimeout(connect, reconnectDelay(wasOpen ? 1 : failures))
    }
  }

  function disconnect() {
    clearTimeout(reconnect)
    clearInterval(pinger)
    const open = socket
    socket = null
    open?.close()
    if (open) setState('closed')
  }

  const changed = () => {
    if (socket && connectedAs !== deps.user()) disconnect()
    if (wanted()) connect()
    else disconnect()
  }
  const online = () => {
    failures = 0
    changed()
  }
  win.addEventListener('online', online)
  win.addEventListener('offline', changed)
  const unsubscribe = deps.subscribeSession(changed)
  connect()

  return {
    stop() {
      stopped = true
      win.removeEventListener('online', online)
      win.removeEventListener('offline', changed)
      unsubscribe()
      disconnect()
    },
  }
}
