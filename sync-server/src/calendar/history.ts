// The calendar's history (collection `calendarHistory`): every change an editor made, with the
// record before and after, who and when, so it can be listed and undone; and the count of changes
// per block, which is the SEQUENCE of its calendar events (docs/0047-the-calendar-is-data.md).
import type { Bilingual } from '@lfit/domain/messages/bilingual'
import type { CalendarChangeAction, DayMove } from '@lfit/domain/schedule'
import type { Store } from '../store/port'

export const CALENDAR_HISTORY = 'calendarHistory'

export type CalendarAction = CalendarChangeAction

/** A calendar record's fields as history keeps them (no stamps, no revision). */
export type RecordState = Record<string, unknown>

export interface CalendarHistoryEntry {
  _id: string
  /** Epoch ms. */
  at: number
  /** Username of the editor. */
  user: string
  action: CalendarAction
  /** The record changed: a block key, or `programme`. */
  recordId: string
  /** The record before the change; null when the change created it. */
  before: RecordState | null
  after: RecordState
  summary: Bilingual
  /** Records moved with their day (`Decision.move`), by day id. */
  moved: DayMove[]
  /** Set once the change is undone: the id of the entry that undid it. */
  undoneBy: string | null
  /** For an undo: the entry it undid. */
  undoOf: string | null
}

/** Most entries one history call answers. */
export const MAX_HISTORY_LIMIT = 200

export async function ensureHistoryIndexes(store: Store): Promise<void> {
  await store.collection(CALENDAR_HISTORY).ensureIndex({ key: { at: -1 } })
  await store.collection(CALENDAR_HISTORY).ensureIndex({ key: { recordId: 1 } })
}

export async function keepEntry(store: Store, entry: CalendarHistoryEntry): Promise<void> {
  await store.collection(CALENDAR_HISTORY).insert({ ...entry })
}

export async function findEntry(store: Store, id: string): Promise<CalendarHistoryEntry | null> {
  return (await store
    .collection(CALENDAR_HISTORY)
    .findById(id)) as unknown as CalendarHistoryEntry | null
}

export async function markUndone(store: Store, id: string, by: string): Promise<boolean> {
  const result = await store
    .collection(CALENDAR_HISTORY)
    .upsert({ _id: id, undoneBy: null }, { $set: { undoneBy: by } }, { upsert: false })
  return result.matched === 1
}

/** The latest `limit` entries, newest first. */
export async function latestEntries(store: Store, limit: number): Promise<CalendarHistoryEntry[]> {
  const docs = await store
    .collection(CALENDAR_HISTORY)
    .find({}, { sort: { at: -1, _id: -1 }, limit })
  return docs as unknown as CalendarHistoryEntry[]
}

/**
 * How many times each block was changed after it was first stored: its calendar events' SEQUENCE
 * (RFC 5545 §3.8.7.4), which calendar apps compare to replace the event they hold.
 */
export async function revisionsPerBlock(store: Store): Promise<Map<string, number>> {
  const docs = await store
    .collection(CALENDAR_HISTORY)
    .find({ recordId: { $ne: 'programme' } }, { projection: { recordId: 1 } })
  const counts = new Map<string, number>()
  for (const doc of docs) {
    const key = String(doc.recordId)
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return counts
}
