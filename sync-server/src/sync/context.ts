// What a sync call needs from its caller: the store, the authenticated user and the time. The
// HTTP layer builds one per request, so nothing here outlives a call.
import type { z } from 'zod'
import { SYNCED, type SyncRegistry } from '@lfit/domain/sync/registry'
import { syncSchemas, type Bilingual, type SyncSchemas } from '@lfit/domain/sync/protocol'
import type { PublicUser } from '@lfit/domain/users/user'
import type { Store } from '../store/port'

/** The parts of the signed-in user that sync reads; any PublicUser fits. */
export type SyncUser = Pick<PublicUser, 'username' | 'roles'>

export interface SyncContext<Reg extends SyncRegistry = typeof SYNCED> {
  store: Store
  /** The authenticated (effective) user: edits are stamped with this name, never the payload's. */
  user: SyncUser
  /**
   * The administrator acting as `user`, when one is: stamped beside the user on every edit and
   * kept in its history, so each write names both (docs/0045-acting-as-another-user.md).
   */
  actor?: string
  /** Epoch milliseconds of the call, passed in so tests control time. */
  now: number
  /** The synced collections; the app's registry unless a test adds a collection of its own. */
  registry?: Reg
}

/** What push and pull read a call with: the collections and the wire schemas built from them. */
export interface SyncProtocol {
  registry: SyncRegistry
  schemas: SyncSchemas<SyncRegistry>
}

/** One edit as the server handles it, whatever the registry. */
export type Edit = z.infer<SyncProtocol['schemas']['mutation']>

const protocols = new WeakMap<SyncRegistry, SyncProtocol>()

export function protocolOf(ctx: SyncContext<SyncRegistry>): SyncProtocol {
  const registry = ctx.registry ?? SYNCED
  let protocol = protocols.get(registry)
  if (!protocol) {
    protocol = { registry, schemas: syncSchemas(registry) }
    protocols.set(registry, protocol)
  }
  return protocol
}

/**
 * A request the protocol cannot accept at all; the HTTP layer answers it in the API's one error
 * shape, with its status (400 unless said otherwise) and any further fields of the answer.
 */
export class SyncRequestError extends Error {
  constructor(
    readonly code: string,
    readonly bilingual: Bilingual,
    readonly status = 400,
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(bilingual.en)
    this.name = 'SyncRequestError'
  }

  body(): { error: { code: string; message: Bilingual } } & Record<string, unknown> {
    return { ...this.extra, error: { code: this.code, message: this.bilingual } }
  }
}
