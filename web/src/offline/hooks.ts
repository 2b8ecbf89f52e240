// Live views for screens: they re-render whenever the local database changes, so an edit made
// on one screen (or in another tab, or pulled from the server) shows everywhere at once.
import { useMemo } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import { mayPushQueued, type SyncActor } from '@lfit/domain/attendance/permissions'
import { useSession } from '../session/session'
import type { LocalDatabase, SyncNotice } from './database'
import {
  absencesShown,
  attendanceOfDay,
  attendanceOfDays,
  attendanceOfParticipant,
  makeupAttendanceOfSession,
  type Shown,
} from './local-view'
import type { AttendanceMark } from '@lfit/domain/records/attendance'
import type { SyncedRecord } from '@lfit/domain/records/synced'

export function usePendingCount(db: LocalDatabase): number {
  return useLiveQuery(() => db.outbox.count(), [db], 0)
}

/**
 * The notices the person using the device may see: their own, and on the shared studio tablet a
 * presence editor's those of every editor whose edits they may send (the rule of the outbox,
 * `mayPushQueued`). They stay on the device until dismissed, whoever logs out, so the next
 * person sees none of another's (docs/0034-shared-devices-forget-the-last-user.md).
 */
export function useNotices(db: LocalDatabase) {
  const { user } = useSession()
  const notices = useLiveQuery(() => db.notices.toArray(), [db], NO_NOTICES)
  return useMemo(() => noticesShownTo(user, notices), [notices, user])
}

const NO_NOTICES: SyncNotice[] = []

/** The notices `user` may see (nobody: none), by the rule of who may send their edits. */
export function noticesShownTo(
  user: SyncActor | null,
  notices: readonly SyncNotice[],
): readonly SyncNotice[] {
  return user ? notices.filter((notice) => mayPushQueued(user, notice.user)) : NO_NOTICES
}

/**
 * A live query whose answer belongs to `key`. dexie-react-hooks keeps the previous answer while a
 * new key is read, so without this a screen would briefly show the last day's or person's
 * records under the new heading; here it is undefined (loading) until the answer is the key's.
 */
function useKeyedLiveQuery<T>(db: LocalDatabase, key: string, query: () => Promise<T>) {
  const answer = useLiveQuery(async () => ({ key, value: await query() }), [db, key])
  return answer?.key === key ? answer.value : undefined
}

export function useAttendanceOfDay(db: LocalDatabase, dayId: string) {
  return useKeyedLiveQuery(db, dayId, () => attendanceOfDay(db, dayId))
}

/** A participant's record on an /ETAB sheet, whichever collection keeps it. */
export interface SheetRecord extends SyncedRecord {
  participant: string
  mark: AttendanceMark | null
  note: string
}

/** The records of one /ETAB sheet, keyed by participant: a study day's or a make-up session's. */
export function useSheetRecords(
  db: LocalDatabase,
  sheet: { kind: 'day' | 'makeup'; id: string },
): Map<string, Shown<SheetRecord>> | undefined {
  return useKeyedLiveQuery(
    db,
    `${sheet.kind}:${sheet.id}`,
    (): Promise<Map<string, Shown<SheetRecord>>> =>
      sheet.kind === 'day'
        ? attendanceOfDay(db, sheet.id)
        : makeupAttendanceOfSession(db, sheet.id),
  )
}

export function useAttendanceOfDays(db: LocalDatabase, dayIds: readonly string[]) {
  return useKeyedLiveQuery(db, dayIds.join(','), () => attendanceOfDays(db, dayIds))
}

export function useAttendanceOfParticipant(db: LocalDatabase, participant: string) {
  return useKeyedLiveQuery(db, participant, () => attendanceOfParticipant(db, participant))
}

export function useAbsences(db: LocalDatabase, participant?: string) {
  return useKeyedLiveQuery(db, participant ?? '*', () => absencesShown(db, participant))
}

export function useParticipants(db: LocalDatabase, year?: number) {
  return useKeyedLiveQuery(db, String(year ?? '*'), () =>
    year === undefined
      ? db.participants.orderBy('lastName').toArray()
      : db.participants.where('year').equals(year).sortBy('lastName'),
  )
}

/** One participant as this device knows them; null when not on this device (undefined while read). */
export function useParticipant(db: LocalDatabase, username: string) {
  return useKeyedLiveQuery(db, username, async () => (await db.participants.get(username)) ?? null)
}

export function useSyncMeta(db: LocalDatabase) {
  return useLiveQuery(
    async () => {
      const rows = await db.meta.bulkGet(['lastSyncAt', 'lastError', 'cursor'])
      return {
        lastSyncAt: (rows[0]?.value as number | null | undefined) ?? null,
        lastError: (rows[1]?.value as string | null | undefined) ?? null,
        cursor: (rows[2]?.value as string | null | undefined) ?? null,
      }
    },
    [db],
    { lastSyncAt: null, lastError: null, cursor: null },
  )
}
