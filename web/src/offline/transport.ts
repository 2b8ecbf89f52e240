// What the sync engine needs from the network, so that tests can drive it with a real server
// in-process and the app with the one API client.
import type {
  Mutation,
  PullRequest,
  PullResponse,
  PushResult,
  SyncCollection,
} from '@lfit/domain/sync/protocol'
import type { LocalParticipant } from './database'

export type TransportFailure =
  /** No network, or the server could not be reached: retry later. */
  | { kind: 'offline' }
  /** The session is gone: keep the queue and wait for the next login. */
  | { kind: 'unauthorized'; status: number }
  /** The server answered with an error: retry with backoff. */
  | { kind: 'server'; status: number; message?: string }

export class TransportError extends Error {
  constructor(readonly failure: TransportFailure) {
    super(`sync transport: ${failure.kind}${'status' in failure ? ` ${failure.status}` : ''}`)
    this.name = 'TransportError'
  }
}

export interface SyncTransport {
  push(collection: SyncCollection, batch: readonly Mutation[]): Promise<PushResult[]>
  pull(request: PullRequest): Promise<PullResponse>
  /** The participants this device may show; undefined when the user may not list them. */
  participants(): Promise<LocalParticipant[] | undefined>
}
