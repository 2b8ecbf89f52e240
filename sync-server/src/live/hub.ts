// The live sockets of this server process and who holds each (docs/sync-protocol.md#live-updates).
// A change is announced by a poke with the change log's cursor, never the data, and only to the
// sockets whose user may read one of the changed records, by the registry's read scope: a
// presence reader for any record, a participant only for their own, a material reader for any
// change of material (the pull answers it or its withdrawal). Limits: a few sockets per
// user, small messages only (the socket server's maxPayload), a handful of messages per window,
// a protocol-level ping that closes sockets which stopped answering, and a maximum age after
// which the device reconnects and its session is read again.
import type { WebSocket } from 'ws'
import { encodeLiveMessage, LIVE_PROTOCOL_VERSION, parseLiveMessage } from '@lfit/domain/sync/live'
import type { ReaderFacts, SyncActor } from '@lfit/domain/attendance/permissions'
import { SYNCED, type SyncedCollection, type SyncRegistry } from '@lfit/domain/sync/registry'
import type { Config } from '../config'
import type { Log } from '../http/log'
import type { RecordRef } from '../sync/changelog'
import type { SyncUser } from '../sync/context'

/** Messages a device may send in one window (its own pings for the round trip; nothing else). */
const MESSAGES_PER_WINDOW = 20
const MESSAGE_WINDOW_MS = 10_000

/** Close codes: 1008 a message breaking the protocol or the rate, 4000 time to reconnect. */
export const CLOSE_POLICY = 1008
export const CLOSE_RECONNECT = 4000

interface Peer {
  user: SyncUser
  alive: boolean
  openedAt: number
  windowStart: number
  messages: number
}

/** A reader's years, educators and projects (sync/reader.ts). */
export type FactsOf = (username: string) => Promise<ReaderFacts>

/** The participant of each changed record that has one (`{collection}/{id}` to username). */
export type OwnersOf = (refs: readonly RecordRef[]) => Promise<Map<string, string>>

export const refKey = (ref: RecordRef) => `${ref.collection}/${ref.id}`

export class LiveHub {
  private readonly peers = new Map<WebSocket, Peer>()
  private readonly perUser = new Map<string, number>()
  private readonly timer: ReturnType<typeof setInterval>

  constructor(
    private readonly options: {
      limits: Config['live']
      clock: () => number
      log: Log
      registry?: SyncRegistry
    },
  ) {
    this.timer = setInterval(() => this.keepAlive(), options.limits.pingMs)
    this.timer.unref()
  }

  get size(): number {
    return this.peers.size
  }

  /** Whether `username` may open one more socket. */
  mayOpen(username: string): boolean {
    return (this.perUser.get(username) ?? 0) < this.options.limits.maxSocketsPerUser
  }

  add(socket: WebSocket, user: SyncUser): void {
    const now = this.options.clock()
    this.peers.set(socket, { user, alive: true, openedAt: now, windowStart: now, messages: 0 })
    this.perUser.set(user.username, (this.perUser.get(user.username) ?? 0) + 1)
    socket.on('pong', () => {
      const peer = this.peers.get(socket)
      if (peer) peer.alive = true
    })
    socket.on('message', (data, isBinary) => this.received(socket, data.toString(), isBinary))
    socket.on('close', () => this.remove(socket))
    // A broken connection also closes; nothing else to do for an error.
    socket.on('error', () => undefined)
  }

  /**
   * Pokes every socket whose user may read one of `refs` with `cursor`. Owners are looked up only
   * when a socket with an "own records" scope is open; a reader's years and educators only for a
   * collection whose scope follows them (material), once per user and poke. A reader of some of
   * such a collection is poked for any change in it: their pull answers either the record or its
   * withdrawal (sync/pull.ts), so the poke and the pull agree.
   */
  async poke(
    refs: readonly RecordRef[],
    cursor: string,
    ownersOf: OwnersOf,
    factsOf?: FactsOf,
  ): Promise<number> {
    if (refs.length === 0 || this.peers.size === 0) return 0
    const registry: SyncRegistry = this.options.registry ?? SYNCED
    const collections = new Set(refs.map((ref) => ref.collection))
    let owners: Map<string, string> | null = null
    const facts = new Map<string, Promise<ReaderFacts>>()
    const actorFor = async (user: SyncUser, entry: SyncedCollection): Promise<SyncActor> => {
      if (!entry.withdrawn || !factsOf) return user
      let known = facts.get(user.username)
      if (!known) facts.set(user.username, (known = factsOf(user.username)))
      return { ...user, facts: await known }
    }
    const text = encodeLiveMessage({ v: LIVE_PROTOCOL_VERSION, type: 'poke', cursor })
    let poked = 0
    for (const [socket, peer] of this.peers) {
      let may = false
      for (const name of collections) {
        const entry = registry[name]
        if (!entry) continue
        const scope = entry.readScope(await actorFor(peer.user, entry))
        if (scope.kind === 'none') continue
        if (scope.kind !== 'own') may = true
        else {
          owners ??= await ownersOf(refs)
          const held = owners
          may = refs.some(
            (ref) => ref.collection === name && held.get(refKey(ref)) === scope.participant,
          )
        }
        if (may) break
      }
      if (may && socket.readyState === socket.OPEN) {
        socket.send(text)
        poked++
      }
    }
    return poked
  }

  /** Closes every socket (server shutdown). */
  close(): void {
    clearInterval(this.timer)
    for (const socket of this.peers.keys()) socket.terminate()
  }

  private received(socket: WebSocket, text: string, isBinary: boolean): void {
    const peer = this.peers.get(socket)
    if (!peer) return
    const now = this.options.clock()
    if (now - peer.windowStart >= MESSAGE_WINDOW_MS) {
      peer.windowStart = now
      peer.messages = 0
    }
    const message = isBinary ? null : parseLiveMessage(text)
    if (++peer.messages > MESSAGES_PER_WINDOW || message?.type !== 'ping') {
      this.options.log.warn('live socket closed', {
        reason: message ? 'too many messages' : 'not a live message',
      })
      socket.close(CLOSE_POLICY, 'policy')
      return
    }
    socket.send(encodeLiveMessage({ v: LIVE_PROTOCOL_VERSION, type: 'pong', t: message.t }))
  }

  private keepAlive(): void {
    const now = this.options.clock()
    for (const [socket, peer] of this.peers) {
      // No answer to the last ping: the device is gone (sleep, lost network) without a close.
      if (!peer.alive) {
        socket.terminate()
        this.remove(socket)
      } else if (now - peer.openedAt >= this.options.limits.maxAgeMs) {
        socket.close(CLOSE_RECONNECT, 'reconnect')
      } else {
        peer.alive = false
        socket.ping()
      }
    }
  }

  private remove(socket: WebSocket): void {
    const peer = this.peers.get(socket)
    if (!peer) return
    this.peers.delete(socket)
    const left = (this.perUser.get(peer.user.username) ?? 1) - 1
    if (left > 0) this.perUser.set(peer.user.username, left)
    else this.perUser.delete(peer.user.username)
  }
}
