// What the sync engine needs from the network, so that tests can drive it with a real server
// in-process and the app with the one API client. Answers come back unread: the engine reads
// them with the protocol's schemas, so whatever a server sends can never reach the device's data
// unchecked.
import type { z } from 'zod'
import {
  SYNC_PROTOCOL_VERSION,
  type PullRequest,
  type PushRequest,
  type SyncCollection,
} from '@lfit/domain/sync/protocol'
import type { LocalParticipant } from './database'

export type TransportFailure =
  /** No network, or the server could not be reached: retry later. */
  | { kind: 'offline' }
  /** The session is gone: keep the queue and wait for the next login. */
  | { kind: 'unauthorized'; status: number }
  /** The server answered with an error, or an answer this app cannot read: retry with backoff. */
  | { kind: 'server'; status: number; message?: string }
  /** The server speaks another protocol version: stop syncing until the app is updated. */
  | { kind: 'updateRequired'; serverVersion?: number }

export class TransportError extends Error {
  constructor(readonly failure: TransportFailure) {
    super(`sync transport: ${failure.kind}${'status' in failure ? ` ${failure.status}` : ''}`)
    this.name = 'TransportError'
  }
}

/**
 * The network's calls. `signal` is aborted when the engine stops waiting for an answer: the
 * request is cancelled, so a stuck one does not keep holding its connection.
 */
export interface SyncTransport {
  /** Sends one push request; answers the server's answer as received. */
  push(collection: SyncCollection, request: PushRequest, signal?: AbortSignal): Promise<unknown>
  /** Sends one pull request; answers the server's answer as received. */
  pull(request: PullRequest, signal?: AbortSignal): Promise<unknown>
  /** The participants this device may show; undefined when the user may not list them. */
  participants(signal?: AbortSignal): Promise<LocalParticipant[] | undefined>
}

/**
 * How long one request may go unanswered before its run counts the server unreachable. A fetch
 * has no bound of its own: a connection that dies without a reset (a tablet's Wi-Fi dropping
 * mid-request) would leave the run waiting forever, and every later run waits for the one under
 * way. Long enough for a full pull page on a slow link; only a request that is stuck reaches it.
 */
export const REQUEST_TIMEOUT_MS = 60_000

/**
 * `transport` with every request bounded: no answer within `timeoutMs` fails it as offline and
 * aborts its signal, which cancels the fetch and frees its connection (a browser keeps only a
 * few per server). The run ends at the bound even if a transport ignores the signal.
 */
export function boundedTransport(
  transport: SyncTransport,
  timeoutMs = REQUEST_TIMEOUT_MS,
): SyncTransport {
  const within = <T>(send: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    const cancel = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        cancel.abort()
        reject(new TransportError({ kind: 'offline' }))
      }, timeoutMs)
    })
    return Promise.race([send(cancel.signal), late]).finally(() => clearTimeout(timer))
  }
  return {
    push: (collection, request) => within((signal) => transport.push(collection, request, signal)),
    pull: (request) => within((signal) => transport.pull(request, signal)),
    participants: () => within((signal) => transport.participants(signal)),
  }
}

/**
 * A server answer read with its schema. Another protocol version means this build must update;
 * anything else that does not fit is a server fault, retried later, and never stored.
 */
export function readAnswer<S extends z.ZodType>(schema: S, answer: unknown): z.infer<S> {
  const version = (answer as { v?: unknown } | null | undefined)?.v
  if (typeof version === 'number' && version !== SYNC_PROTOCOL_VERSION) {
    throw new TransportError({ kind: 'updateRequired', serverVersion: version })
  }
  const read = schema.safeParse(answer)
  if (!read.success) {
    throw new TransportError({
      kind: 'server',
      status: 200,
      message: `unreadable answer: ${read.error.issues[0]?.message ?? 'not the protocol'}`,
    })
  }
  return read.data
}
