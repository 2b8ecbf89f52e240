// What a screen shows for a record: the server's copy with this device's queued edits merged on
// top by the same rule the server uses, so the screen shows the edit at once and does not jump
// when the server confirms it.
import type { MediaNoteRecord } from '@lfit/domain/media/notes'
import { mergeEdits, type FieldEdit } from '@lfit/domain/attendance/merge'
import type { AttendanceRecord } from '@lfit/domain/records/attendance'
import type { AbsenceRecord } from '@lfit/domain/records/absence'
import type { MakeupAttendanceRecord } from '@lfit/domain/makeups/sessions'
import type { LibraryItemRecord, MaterialRecord } from '@lfit/domain/materials/material'
import type { SyncedRecord } from '@lfit/domain/records/synced'
import type { SyncCollection } from '@lfit/domain/sync/protocol'
import { SYNCED } from '@lfit/domain/sync/registry'
import type { LocalDatabase, OutboxEntry } from './database'
import { attendanceRecords } from './device-records'

export interface Shown<R> {
  record: R
  /** Edits of this record still waiting in the outbox. */
  pending: number
  /** Their ids (mutation ids). */
  queued: readonly string[]
}

/**
 * Queued edits of one collection, read through the outbox's collection index: one read of the
 * matching entries (a filter would step a cursor through the whole outbox), and a live query of
 * one collection is not re-run by an edit of another (a tap on /ETAB does not re-read the
 * absences; docs/0020-tap-shows-when-written.md).
 */
const queuedOf = (db: LocalDatabase, collection: SyncCollection) =>
  db.outbox.where('mutation.collection').equals(collection).toArray()

function asEdit(entry: OutboxEntry): FieldEdit {
  const { hlc, deviceId, fields } = entry.mutation
  return { hlc, deviceId, fields, user: entry.user }
}

function groupPending(entries: readonly OutboxEntry[]): Map<string, OutboxEntry[]> {
  const byRecord = new Map<string, OutboxEntry[]>()
  for (const entry of entries) {
    const list = byRecord.get(entry.mutation.recordId) ?? []
    list.push(entry)
    byRecord.set(entry.mutation.recordId, list)
  }
  return byRecord
}

/** Every attendance record of one day, keyed by participant. */
export async function attendanceOfDay(
  db: LocalDatabase,
  dayId: string,
): Promise<Map<string, Shown<AttendanceRecord>>> {
  const [stored, queued] = await Promise.all([
    attendanceRecords(db, [dayId]),
    db.outbox.where('mutation.recordId').startsWith(`${dayId}:`).toArray(),
  ])
  const ofDay = queued.filter((entry) => entry.mutation.collection === 'attendance')
  return mergeShown(stored, ofDay, SYNCED.attendance.empty, (r) => r.participant)
}

/** Attendance of many days at once (the /prisotnost grid), keyed by record id. */
export async function attendanceOfDays(
  db: LocalDatabase,
  dayIds: readonly string[],
): Promise<Map<string, Shown<AttendanceRecord>>> {
  const [stored, queued] = await Promise.all([
    attendanceRecords(db, dayIds),
    queuedOf(db, 'attendance'),
  ])
  const days = new Set(dayIds)
  const relevant = queued.filter((entry) => days.has(entry.mutation.recordId.split(':')[0] ?? ''))
  return mergeShown(stored, relevant, SYNCED.attendance.empty, (r) => r._id)
}

/** Absences (deleted ones left out), optionally of one participant. */
export async function absencesShown(
  db: LocalDatabase,
  participant?: string,
): Promise<Shown<AbsenceRecord>[]> {
  const [stored, queued] = await Promise.all([
    participant === undefined
      ? db.absences.toArray()
      : db.absences.where('participant').equals(participant).toArray(),
    queuedOf(db, 'absences'),
  ])
  const shown = mergeShown(stored, queued, SYNCED.absences.empty, (r) => r._id)
  return [...shown.values()].filter(
    ({ record }) =>
      !record.deleted && (participant === undefined || record.participant === participant),
  )
}

const idsOf = (edits: readonly OutboxEntry[]) => edits.map((entry) => entry.mutation.id)

function mergeShown<R extends SyncedRecord>(
  stored: readonly R[],
  queued: readonly OutboxEntry[],
  empty: (id: string) => R | null,
  keyOf: (record: R) => string,
): Map<string, Shown<R>> {
  const pending = groupPending(queued)
  const shown = new Map<string, Shown<R>>()
  for (const record of stored) {
    const edits = pending.get(record._id) ?? []
    pending.delete(record._id)
    const merged = edits.length ? mergeEdits(record, edits.map(asEdit)) : record
    shown.set(keyOf(merged), { record: merged, pending: edits.length, queued: idsOf(edits) })
  }
  for (const [id, edits] of pending) {
    const base = empty(id)
    if (!base) continue
    const merged = mergeEdits(base, edits.map(asEdit))
    shown.set(keyOf(merged), { record: merged, pending: edits.length, queued: idsOf(edits) })
  }
  return shown
}

/**
 * Every attendance record of one participant, across all days (the /prisotnostGraf bars). The
 * device keeps attendance per day, so every day row is read: a participant's own device holds
 * only their records, and a presence reader's a few hundred rows
 * (docs/0019-attendance-grouped-per-day-on-the-device.md).
 */
export async function attendanceOfParticipant(
  db: LocalDatabase,
  participant: string,
): Promise<Shown<AttendanceRecord>[]> {
  const [stored, queued] = await Promise.all([
    attendanceRecords(db).then((all) => all.filter((record) => record.participant === participant)),
    queuedOf(db, 'attendance'),
  ])
  const theirs = queued.filter((entry) => entry.mutation.recordId.endsWith(`:${participant}`))
  const shown = mergeShown(stored, theirs, SYNCED.attendance.empty, (r) => r._id)
  return [...shown.values()].filter(({ record }) => record.participant === participant)
}

/** Every attendance record on this device, queued edits merged (standings of every participant). */
export async function allAttendance(db: LocalDatabase): Promise<AttendanceRecord[]> {
  const [stored, queued] = await Promise.all([attendanceRecords(db), queuedOf(db, 'attendance')])
  const shown = mergeShown(stored, queued, SYNCED.attendance.empty, (r) => r._id)
  return [...shown.values()].map(({ record }) => record)
}

/** Every participant's mark at one make-up session, keyed by participant (the /ETAB list). */
export async function makeupAttendanceOfSession(
  db: LocalDatabase,
  session: string,
): Promise<Map<string, Shown<MakeupAttendanceRecord>>> {
  const [stored, queued] = await Promise.all([
    db.makeupAttendance.where('session').equals(session).toArray(),
    queuedOf(db, 'makeupAttendance'),
  ])
  const shown = mergeShown(stored, queued, SYNCED.makeupAttendance.empty, (r) => r.participant)
  for (const [participant, { record }] of shown) {
    if (record.session !== session) shown.delete(participant)
  }
  return shown
}

/** Make-up attendance, queued edits merged: of one participant, or everyone's. */
export async function makeupAttendanceShown(
  db: LocalDatabase,
  participant?: string,
): Promise<MakeupAttendanceRecord[]> {
  const [stored, queued] = await Promise.all([
    participant === undefined
      ? db.makeupAttendance.toArray()
      : db.makeupAttendance.where('participant').equals(participant).toArray(),
    queuedOf(db, 'makeupAttendance'),
  ])
  const shown = mergeShown(stored, queued, SYNCED.makeupAttendance.empty, (r) => r._id)
  return [...shown.values()]
    .map(({ record }) => record)
    .filter((record) => participant === undefined || record.participant === participant)
}

/**
 * Every material on this device (only what its reader may read reaches it) with its queued
 * edits merged, deleted and withdrawn ones left out: a material an editor made offline shows at
 * once and is marked as waiting.
 */
export async function materialsShown(db: LocalDatabase): Promise<Shown<MaterialRecord>[]> {
  const [stored, queued] = await Promise.all([db.materials.toArray(), queuedOf(db, 'materials')])
  const shown = mergeShown(stored, queued, SYNCED.materials.empty, (r) => r._id)
  return [...shown.values()].filter(({ record }) => !record.deleted)
}

/** Every library item on this device, as `materialsShown`. */
export async function libraryShown(db: LocalDatabase): Promise<Shown<LibraryItemRecord>[]> {
  const [stored, queued] = await Promise.all([db.library.toArray(), queuedOf(db, 'library')])
  const shown = mergeShown(stored, queued, SYNCED.library.empty, (r) => r._id)
  return [...shown.values()].filter(({ record }) => !record.deleted)
}

/** One person's notes on one recording on this device, queued edits merged, deleted left out. */
export async function mediaNotesShown(
  db: LocalDatabase,
  recording: string,
  participant: string,
): Promise<Shown<MediaNoteRecord>[]> {
  const [stored, queued] = await Promise.all([
    db.mediaNotes.where('recording').equals(recording).toArray(),
    queuedOf(db, 'mediaNotes'),
  ])
  const shown = mergeShown(stored, queued, SYNCED.mediaNotes.empty, (r) => r._id)
  return [...shown.values()].filter(
    ({ record }) =>
      !record.deleted && record.recording === recording && record.participant === participant,
  )
}

/** Where this person stopped in a recording, queued updates merged; 0 when never played. */
export async function mediaPositionShown(db: LocalDatabase, id: string): Promise<number> {
  const [stored, queued] = await Promise.all([
    db.mediaProgress.where('_id').equals(id).toArray(),
    db.outbox.where('mutation.recordId').equals(id).toArray(),
  ])
  const shown = mergeShown(stored, queued, SYNCED.mediaProgress.empty, (r) => r._id)
  return shown.get(id)?.record.position ?? 0
}
