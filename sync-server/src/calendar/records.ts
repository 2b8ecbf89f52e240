// The calendar's records in the store, written through the sync write path (merged with the
// domain's merge rule, stamped, kept in history, announced in the change log) so devices pull a
// change like any other synced edit, and read back into the runtime's current calendar
// (docs/0047-the-calendar-is-data.md).
import type { SyncedRecord } from '@lfit/domain/records/synced'
import {
  calendarDataFromRecords,
  calendarRecordSchema,
  eventSequences,
  replaceCalendar,
  type CalendarRecord,
  type Schedule,
} from '@lfit/domain/schedule'
import { decodeHlc, encodeHlc, tickHlc, type Hlc } from '@lfit/domain/sync/hlc'
import { SYNCED, type SyncedCollection, type SyncRegistry } from '@lfit/domain/sync/registry'
import { parseAttendanceId } from '@lfit/domain/records/attendance'
import type { PushResult } from '@lfit/domain/sync/protocol'
import type { Store } from '../store/port'
import { newId } from '../store/id'
import type { SyncUser } from '../sync/context'
import { pushEdits } from '../sync/push'

export const CALENDAR = 'calendar'

/** The device name the server's own edits are stamped with. */
export const CALENDAR_DEVICE = 'calendar-server'

const ALLOWED = { allowed: true } as const

/**
 * The registry the server writes calendar changes with: the calendar's write rule (which refuses
 * every device) opened, because /api/calendar has checked the editor; and attendance taking any
 * day id, because a mark moved by a calendar change leaves a day that is no study day any more
 * (its record is cleared) for one that is not one yet. Everything else is the app's registry.
 */
const CALENDAR_WRITES: SyncRegistry = {
  ...SYNCED,
  calendar: { ...(SYNCED.calendar as SyncedCollection), mayWrite: () => ALLOWED },
  attendance: {
    ...(SYNCED.attendance as unknown as SyncedCollection),
    refuseId: (id) =>
      parseAttendanceId(id)
        ? null
        : { code: 'unknownDay', message: { sl: 'ni dan urnika', en: 'not a day of the calendar' } },
    mayWrite: () => ALLOWED,
  },
}

/** One change the server makes to a synced record: its id and the fields it sets. */
export interface ServerEdit {
  recordId: string
  fields: Record<string, unknown>
}

/** The latest stamp of a record, so the server's edit is newer than every edit it replaces. */
function latestStamp(record: SyncedRecord | null): Hlc | null {
  let latest: string | null = null
  for (const stamp of Object.values(record?.stamps ?? {})) {
    if (latest === null || stamp.hlc > latest) latest = stamp.hlc
  }
  return latest === null ? null : decodeHlc(latest)
}

/**
 * Writes `edits` to `collection` in one push as `user`, each stamped after everything the record
 * holds (a device's clock ahead of the server's must not make the server's change lose). Throws
 * when an edit is not applied: the caller has checked them, so a refusal is a fault.
 */
export async function writeAsServer(
  store: Store,
  user: SyncUser,
  now: number,
  collection: 'calendar' | 'attendance',
  edits: readonly ServerEdit[],
  /** Edit ids that say what the edit is (the first version's), so two processes write it once. */
  idOf: (edit: ServerEdit, index: number) => string = (_edit, index) => `srv-${newId()}-${index}`,
): Promise<readonly SyncedRecord[]> {
  if (edits.length === 0) return []
  const current = new Map(
    (await store.collection(collection).find({ _id: { $in: edits.map((e) => e.recordId) } })).map(
      (doc) => [doc._id as string, doc as unknown as SyncedRecord],
    ),
  )
  const batch = edits.map((edit, index) => ({
    id: idOf(edit, index),
    collection,
    recordId: edit.recordId,
    hlc: encodeHlc(tickHlc(latestStamp(current.get(edit.recordId) ?? null), now, CALENDAR_DEVICE)),
    deviceId: CALENDAR_DEVICE,
    fields: edit.fields,
  }))
  const outcome = await pushEdits(
    { store, user, now, registry: CALENDAR_WRITES },
    collection,
    batch,
  )
  const refused = outcome.results.find((result: PushResult) => result.status !== 'applied')
  if (refused) throw new Error(`calendar write not applied: ${JSON.stringify(refused)}`)
  return outcome.announced
}

/** Every stored calendar record (deleted blocks included), as devices receive them. */
export async function readCalendarRecords(store: Store): Promise<CalendarRecord[]> {
  const docs = await store.collection(CALENDAR).find({}, { sort: { _id: 1 } })
  return docs.map((doc) => calendarRecordSchema.parse(doc))
}

/** Makes the stored calendar this process's current one; null when none is stored. */
export async function loadCalendar(store: Store): Promise<Schedule | null> {
  const records = await readCalendarRecords(store)
  if (records.length === 0) return null
  return replaceCalendar(calendarDataFromRecords(records), eventSequences(records))
}
