// What a sync call needs from its caller: the store, the authenticated user and the time. The
// HTTP layer builds one per request, so nothing here outlives a call.
import type { Bilingual } from '@lfit/domain/sync/protocol'
import type { PublicUser } from '@lfit/domain/users/user'
import type { Store } from '../store/port'

/** The parts of the signed-in user that sync reads; any PublicUser fits. */
export type SyncUser = Pick<PublicUser, 'username' | 'roles'>

export interface SyncContext {
  store: Store
  /** The authenticated (effective) user: edits are stamped with this name, never the payload's. */
  user: SyncUser
  /** Epoch milliseconds of the call, passed in so tests control time. */
  now: number
}

/** A request the protocol cannot accept at all; the HTTP layer answers 400 with the message. */
export class SyncRequestError extends Error {
  readonly status = 400
  constructor(
    readonly code: string,
    readonly bilingual: Bilingual,
  ) {
    super(bilingual.en)
    this.name = 'SyncRequestError'
  }
}
