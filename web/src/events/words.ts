// App events in the reader's language for /test/ebus and /test/socket: what happened, in a few
// words, never a username, a cursor or record contents. Pure (an i18n instance in, words out).
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { roleName } from '../auth/role-names'
import type { AppEvent, AppEventKind, LiveState, SyncEventState, UpdateEventState } from './bus'

export const KIND_WORDS: Record<AppEventKind, MessageDescriptor> = {
  sync: msg`Sync`,
  update: msg`Update check`,
  session: msg`Session`,
  live: msg`Live updates`,
}

const SYNC_WORDS: Record<SyncEventState, MessageDescriptor> = {
  idle: msg`synced`,
  syncing: msg`syncing`,
  offline: msg`offline, will retry`,
  signedOut: msg`waiting for a sign-in`,
  error: msg`failed, will retry`,
  updateRequired: msg`needs a newer version of the app`,
}

const UPDATE_WORDS: Record<UpdateEventState, MessageDescriptor> = {
  checked: msg`this is the newest version`,
  newBuild: msg`a newer version is available`,
  failed: msg`could not check`,
}

export const LIVE_STATE_WORDS: Record<LiveState, MessageDescriptor> = {
  connecting: msg`connecting`,
  open: msg`connected`,
  closed: msg`not connected`,
  unavailable: msg`not available here (refused or blocked); the device syncs on its timer`,
}

/** One event in words, without its kind and time. */
export function describeEvent(i18n: I18n, event: AppEvent): string {
  switch (event.kind) {
    case 'sync':
      return i18n._(SYNC_WORDS[event.detail.state])
    case 'update':
      return i18n._(UPDATE_WORDS[event.detail.state])
    case 'session': {
      const roles = event.detail.roles.map((role) => roleName(i18n, role)).join(', ')
      if (event.detail.state === 'signedOut') return i18n._(msg`signed out`)
      if (event.detail.state === 'lapsed') return i18n._(msg`the sign-in has lapsed`)
      if (event.detail.state === 'rolesChanged') return i18n._(msg`now acting as: ${roles}`)
      return i18n._(msg`signed in as: ${roles}`)
    }
    case 'live': {
      const { detail } = event
      if ('state' in detail) return i18n._(LIVE_STATE_WORDS[detail.state])
      if (detail.message === 'poke') return i18n._(msg`the server announced a change; pulling`)
      if (detail.message === 'ping') return i18n._(msg`round-trip check sent`)
      const ms = detail.rttMs ?? 0
      return i18n._(msg`round-trip check answered in ${ms} ms`)
    }
  }
}
