// Edits on this device that the signed-in user may not send: a presence editor's marks queued
// on the studio tablet while a participant is logged in on it. They stay queued for a login that
// may send them (`mayPushQueued`, docs/0008-studio-tablet-session.md); the device keeps saying
// so, on every screen, until then, without naming whose they are (on a shared computer they may
// be another participant's; docs/0039-edits-wait-for-who-may-send-them.md).
import { mayPushQueued, type SyncActor } from '@lfit/domain/attendance/permissions'
import type { OutboxEntry } from './database'

/** How many queued edits `user` may not send. */
export function editsWaitingForOthers(
  user: SyncActor,
  entries: readonly Pick<OutboxEntry, 'user'>[],
): number {
  return entries.filter((entry) => !mayPushQueued(user, entry.user)).length
}
