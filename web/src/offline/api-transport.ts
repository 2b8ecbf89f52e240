// The sync engine's network: upsertBatch and the pull of every collection through the app's one API client, and the
// participants this user may see: the roster the server builds from accepted enrolments
// (docs/product-rules.md#enrolment), names only, so a participant accepted today is on the
// tablet after its next sync and a withdrawn one is gone.
import { rosterAnswerSchema } from '@lfit/domain/people/roster'
import { ApiError, type ApiClient } from '../api/client'
import type { LocalParticipant } from './database'
import { TransportError, type SyncTransport } from './transport'

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
    push(collection, request, signal) {
      return calling(() => api.sync(collection, 'upsertBatch', request, signal))
    },
    pull(request, signal) {
      return calling(() => api.syncPull(request, signal))
    },
    async participants(signal) {
      try {
        const { participants } = await api.action(
          '/api/people/roster',
          {},
          rosterAnswerSchema,
          'read',
          'sync',
          signal,
        )
        return participants satisfies LocalParticipant[]
      } catch (error) {
        // A user who may not list participants simply has none on this device.
        if (error instanceof ApiError && error.status === 403) return undefined
        throw failureOf(error)
      }
    },
  }
}
