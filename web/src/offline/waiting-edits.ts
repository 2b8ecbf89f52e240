// Edits on this device that the signed-in user may not send: a presence editor's marks queued
// on the studio tablet while a participant is logged in on it. They stay queued for a login that
// may send them (`mayPushQueued`, docs/0008-studio-tablet-session.md); the device keeps saying
// so, on every screen, until then.
import { mayPushQueued, type SyncActor } from '@lfit/domain/attendance/permissions'
import type { OutboxEntry } from './database'

export interface WaitingEdits {
  count: number
  /** Who made them, each once, in the order of their first waiting edit. */
  editors: string[]
}

export function editsWaitingForOthers(
  user: SyncActor,
  entries: readonly Pick<OutboxEntry, 'user'>[],
): WaitingEdits {
  const waiting = entries.filter((entry) => !mayPushQueued(user, entry.user))
  return { count: waiting.length, editors: [...new Set(waiting.map((entry) => entry.user))] }
}
