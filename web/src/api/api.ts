// The app's single API client instance, and who hears about failed calls.
import { createApiClient, type ApiError } from './client'

type Listener = (error: ApiError, call: { kind: 'db' | 'auth' | 'action'; path: string }) => void

const listeners = new Set<Listener>()
const blockedListeners = new Set<() => void>()

export function onApiError(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Hears that a call was refused because the user is blocked (see ApiClientOptions). */
export function onUserBlocked(listener: () => void): () => void {
  blockedListeners.add(listener)
  return () => blockedListeners.delete(listener)
}

export const api = createApiClient({
  onError: (error, call) => {
    for (const listener of listeners) listener(error, call)
  },
  onUserBlocked: () => {
    for (const listener of blockedListeners) listener()
  },
})
