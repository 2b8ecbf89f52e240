// Live views for screens: they re-render whenever the local database changes, so an edit made
// on one screen (or in another tab, or pulled from the server) shows everywhere at once.
import { useLiveQuery } from 'dexie-react-hooks'
import type { LocalDatabase } from './database'
import {
  absencesShown,
  attendanceOfDay,
  attendanceOfDays,
  attendanceOfParticipant,
} from './local-view'

export function usePendingCount(db: LocalDatabase): number {
  return useLiveQuery(() => db.outbox.count(), [db], 0)
}

export function useNotices(db: LocalDatabase) {
  return useLiveQuery(() => db.notices.toArray(), [db], [])
}

export function useAttendanceOfDay(db: LocalDatabase, dayId: string) {
  return useLiveQuery(() => attendanceOfDay(db, dayId), [db, dayId])
}

export function useAttendanceOfDays(db: LocalDatabase, dayIds: readonly string[]) {
  const key = dayIds.join(',')
  return useLiveQuery(() => attendanceOfDays(db, dayIds), [db, key])
}

export function useAttendanceOfParticipant(db: LocalDatabase, participant: string) {
  return useLiveQuery(() => attendanceOfParticipant(db, participant), [db, participant])
}

export function useAbsences(db: LocalDatabase, participant?: string) {
  return useLiveQuery(() => absencesShown(db, participant), [db, participant])
}

export function useParticipants(db: LocalDatabase, year?: number) {
  return useLiveQuery(
    () =>
      year === undefined
        ? db.participants.orderBy('lastName').toArray()
        : db.participants.where('year').equals(year).sortBy('lastName'),
    [db, year],
  )
}

/** One participant as this device knows them; null when not on this device (undefined while read). */
export function useParticipant(db: LocalDatabase, username: string) {
  return useLiveQuery(async () => (await db.participants.get(username)) ?? null, [db, username])
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
