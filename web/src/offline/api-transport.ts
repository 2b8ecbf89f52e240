// The sync engine's network: upsertBatch and pull through the app's one API client, and the
// participants this user may see from the users collection (no secrets are ever answered).
import { SYNC_COLLECTIONS } from '@lfit/domain/sync/protocol'
import { ApiError, type ApiClient } from '../api/client'
import type { LocalParticipant } from './database'
import { TransportError, type SyncTransport } from './transport'

const PARTICIPANT_FIELDS: Record<string, 0 | 1> = {
  username: 1,
  firstName: 1,
  lastName: 1,
  year: 1,
  status: 1,
}

function failureOf(error: unknown): TransportError {
  if (!(error instanceof ApiError) || error.status === 0)
    return new TransportError({ kind: 'offline' })
  if (error.status === 401) return new TransportError({ kind: 'unauthorized', status: 401 })
  // 426: the server speaks another protocol version (docs/0005).
  if (error.code === 'updateRequired') return new TransportError({ kind: 'updateRequired' })
  return new TransportError({
    kind: 'server',
    status: error.status,
    ...(error.bilingual ? { message: error.bilingual.en } : {}),
  })
}

async function calling(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return await call()
  } catch (error) {
    throw failureOf(error)
  }
}

export function apiTransport(api: ApiClient): SyncTransport {
  return {
    push(collection, request) {
      return calling(() => api.sync(collection, 'upsertBatch', request))
    },
    pull(request) {
      // Any synced collection's path serves a pull; the request names what it wants.
      return calling(() => api.sync(SYNC_COLLECTIONS[0], 'pull', request))
    },
    async participants() {
      try {
        const found = await api.sync('users', 'find', {
          query: { roles: 'participant' },
          opts: { projection: PARTICIPANT_FIELDS, sort: { lastName: 1, firstName: 1 } },
        })
        return Array.isArray(found) ? (found as LocalParticipant[]) : undefined
      } catch (error) {
        // A user who may not list participants simply has none on this device.
        if (error instanceof ApiError && error.status === 403) return undefined
        throw failureOf(error)
      }
    },
  }
}
