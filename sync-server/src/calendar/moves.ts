// Moving a removed day's work to the day the editor chose (`Decision.move`): every attendance
// record of the day is written to the new day's id with its mark and note, and the old record is
// cleared (mark null, the way a device clears a mark), both through the sync write path, so every
// device pulls the moved marks and the cleared ones; day sign-ups and reservations and make-up
// sessions that name the day name the new one (docs/0047-the-calendar-is-data.md).
import { SIGNUP_COLLECTIONS } from '@lfit/domain/records/signups'
import type { DayMove } from '@lfit/domain/schedule'
import { MAX_BATCH } from '@lfit/domain/sync/protocol'
import { MAKEUP_SESSIONS } from '../makeups/sessions'
import type { Store } from '../store/port'
import type { SyncUser } from '../sync/context'
import { writeAsServer, type ServerEdit } from './records'

export async function moveDays(
  store: Store,
  user: SyncUser,
  now: number,
  moves: readonly DayMove[],
): Promise<void> {
  for (const move of moves) {
    const records = await store.collection('attendance').find({ dayId: move.from })
    const edits: ServerEdit[] = []
    for (const record of records) {
      const mark = record.mark ?? null
      const note = typeof record.note === 'string' ? record.note : ''
      if (mark === null && note === '') continue
      edits.push({ recordId: `${move.to}:${String(record.participant)}`, fields: { mark, note } })
      edits.push({ recordId: String(record._id), fields: { mark: null, note: '' } })
    }
    for (let at = 0; at < edits.length; at += MAX_BATCH) {
      await writeAsServer(store, user, now, 'attendance', edits.slice(at, at + MAX_BATCH))
    }
    for (const name of Object.values(SIGNUP_COLLECTIONS)) {
      for (const signup of await store.collection(name).find({ dayId: move.from })) {
        await store
          .collection(name)
          .upsert({ _id: signup._id }, { $set: { dayId: move.to } }, { upsert: false })
      }
    }
    const sessions = await store
      .collection(MAKEUP_SESSIONS)
      .find({ $or: [{ 'covers.days': move.from }, { scheduleDays: move.from }] })
    const renamed = (ids: unknown) =>
      Array.isArray(ids) ? ids.map((id) => (id === move.from ? move.to : id)) : ids
    for (const session of sessions) {
      const covers = session.covers as Record<string, unknown> | undefined
      await store.collection(MAKEUP_SESSIONS).upsert(
        { _id: session._id },
        {
          $set: {
            'covers.days': renamed(covers?.days),
            scheduleDays: renamed(session.scheduleDays),
          },
        },
        { upsert: false },
      )
    }
  }
}
