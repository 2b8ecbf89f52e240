// The one list of collections that devices edit offline and sync through upsertBatch and pull.
// Each entry holds everything the server and the client need to know about its collection, so
// both loop over this registry instead of naming collections: adding a synced collection is one
// entry here plus its rules (docs/0005-synced-collection-registry-and-protocol-version.md).
import type { z } from 'zod'
import { hasAnyRole, type Role, type UserLike } from '../access/roles'
import {
  ABSENCE_WRITER_ROLES,
  MAKEUP_MARKER_ROLES,
  makeupAttendanceReadScope,
  mayWriteAbsence,
  mayWriteAttendance,
  mayWriteMakeupAttendance,
  PRESENCE_WRITER_ROLES,
  syncReadScope,
  type SyncActor,
  type SyncDecision,
  type SyncedWrite,
  type SyncReadScope,
} from '../attendance/permissions'
import {
  emptyMakeupAttendance,
  makeupAttendanceFieldsSchema,
  makeupAttendanceRecordSchema,
  parseMakeupAttendanceId,
  type MakeupAttendanceRecord,
} from '../makeups/sessions'
import type { Bilingual } from '../messages/bilingual'
import {
  emptyMediaNote,
  emptyMediaProgress,
  MEDIA_NOTE_WRITER_ROLES,
  mayWriteMediaNote,
  mayWriteMediaProgress,
  mediaNoteFieldsSchema,
  mediaNoteRecordSchema,
  mediaProgressFieldsSchema,
  mediaProgressRecordSchema,
  ownMediaReadScope,
  parseMediaProgressId,
  type MediaNoteRecord,
  type MediaProgressRecord,
} from '../media/notes'
import {
  LIBRARY_MANAGER_ROLES,
  libraryReadScope,
  MATERIAL_WRITER_ROLES,
  materialReadScope,
  mayWriteLibraryItem,
  mayWriteMaterial,
} from '../materials/access'
import {
  emptyLibraryItem,
  emptyMaterial,
  libraryItemFieldsSchema,
  libraryItemRecordSchema,
  materialFieldsSchema,
  materialRecordSchema,
  type LibraryItemRecord,
  type MaterialRecord,
} from '../materials/material'
import {
  absenceFieldsSchema,
  absenceRecordSchema,
  emptyAbsence,
  type AbsenceRecord,
} from '../records/absence'
import {
  attendanceFieldsSchema,
  attendanceRecordSchema,
  emptyAttendance,
  parseAttendanceId,
  type AttendanceRecord,
} from '../records/attendance'
import type { SyncedRecord } from '../records/synced'
import { isDayStr, schedule } from '../schedule'
import {
  calendarFieldsSchema,
  calendarRecordSchema,
  emptyCalendarRecord,
  type CalendarRecord,
} from '../schedule/calendar-records'

/**
 * How a notice or the queue names one record of a collection: the web maps each kind to its
 * sentences in both languages (web/src/offline/notice-words.ts), so an entry cannot leave its
 * records without words, and `domain/` holds no UI text
 * (docs/0035-every-synced-collection-property-in-its-entry.md).
 */
export const NOTICE_WORDINGS = [
  'studyDayMark',
  'makeupMark',
  'absence',
  'material',
  'libraryItem',
  'recordingNote',
  'recordingPosition',
  'calendarEntry',
] as const
export type NoticeWording = (typeof NOTICE_WORDINGS)[number]

/**
 * A collection the device keeps grouped: one row per value of the records' `by` field, in the
 * table `table`, holding those records in `records`; `groupOfId` names a record id's group
 * (docs/0019-attendance-grouped-per-day-on-the-device.md).
 */
export interface DeviceGroups {
  table: string
  by: string
  groupOfId(id: string): string | null
}

/** Why a record id cannot name a record of a collection; the edit is rejected with it. */
export interface IdRefusal {
  code: string
  message: Bilingual
}

export interface SyncedCollection<R extends SyncedRecord = SyncedRecord> {
  /** A whole record as a device stores it; a pulled record that does not fit is refused. */
  record: z.ZodType<R>
  /** The fields one edit may set. */
  fields: z.ZodType<Record<string, unknown>>
  /** Why `id` cannot be a record of this collection, or null when it can. */
  refuseId(id: string): IdRefusal | null
  /** What an editor is told about an applied edit of `id`, or null (attendance off the calendar). */
  noticeOf?(id: string): IdRefusal | null
  /** The record an edit of a new id starts from; null when the id is refused. */
  empty(id: string): R | null
  /** Fields the edit that creates a record must set. */
  requiredOnCreate: readonly string[]
  /** Roles whose holders may make some edit of this collection; `mayWrite` refuses all others. */
  writers: readonly Role[]
  /** May `actor` make this edit; `today` is the programme's date (`YYYY-MM-DD`). */
  mayWrite(actor: SyncActor, write: SyncedWrite<R>, today: string): SyncDecision
  /** Which records a user may read; `own` means the records whose `participant` is theirs. */
  readScope(actor: SyncActor): SyncReadScope
  /**
   * Set for a collection whose read scope follows the reader's years, educators and roles
   * (material): the record a reader's pull gets in place of a changed one that is no longer in
   * their scope, so their device drops its copy. The pull also marks such scopes in the cursor,
   * so a device whose scope changed starts over with a snapshot
   * (docs/0013-material-is-synced-and-files-are-content-addressed.md).
   */
  withdrawn?(id: string): R
  /** Fields holding rich text (HTML): the server sanitises them before anything is stored. */
  richText?: readonly string[]
  /** Indexes the server keeps besides `_id` (the pull's read scope filters on them). */
  serverIndexes: readonly Record<string, 1 | -1>[]
  /**
   * The device's Dexie table spec: primary key `_id`, then the indexes its screens query; for a
   * grouped collection, the key of its group rows (attendance: one row per study day, `dayId`).
   */
  localIndexes: string
  /** Set when the device keeps the records grouped, not one row per record. */
  deviceGroups?: DeviceGroups
  /**
   * Whether a record of this collection counts toward its participant's make-up standing: a push
   * that changed such records runs the standing check in its transaction; others never do
   * (docs/0021-standing-check-costs-each-participant-once.md).
   */
  countsForStanding: boolean
  /** How notices and the queue word one of its records. */
  wording: NoticeWording
}

/** Any registry of synced collections, by collection name. */
export type SyncRegistry = Readonly<Record<string, SyncedCollection>>

/** The record type of one entry of a registry. */
export type RecordOf<E> = E extends SyncedCollection<infer R> ? R : never

/** The date of a day id `lfit_{YYYYMMDD}`, or null when it names no date. */
function dateOfDayId(dayId: string): string | null {
  const date = `${dayId.slice(5, 9)}-${dayId.slice(9, 11)}-${dayId.slice(11, 13)}`
  return isDayStr(date) ? date : null
}

function refuseAttendanceId(id: string): IdRefusal | null {
  const key = parseAttendanceId(id)
  if (key && dateOfDayId(key.dayId)) return null
  return {
    code: 'unknownDay',
    message: {
      sl: 'prisotnost se vpisuje za dan, naveden z datumom',
      en: 'attendance is recorded for a day named by its date',
    },
  }
}

/**
 * A mark for a day that is no study day of the calendar the server holds: made on a device that
 * held an earlier calendar (offline while the day was removed). It is kept, never dropped, and
 * the editor is told; the editors list such marks (docs/0047-the-calendar-is-data.md).
 */
function attendanceNotice(id: string): IdRefusal | null {
  const key = parseAttendanceId(id)
  const day = key && schedule().dayById.get(key.dayId)
  if (day && !day.freeDay) return null
  return {
    code: 'notStudyDay',
    message: {
      sl: 'prisotnost je shranjena, a dan ni več učni dan urnika; urednik urnika jo bo premaknil ali počistil',
      en: 'the mark is kept, but the day is no longer a study day of the calendar; a calendar editor will move or clear it',
    },
  }
}

const attendance: SyncedCollection<AttendanceRecord> = {
  record: attendanceRecordSchema,
  fields: attendanceFieldsSchema,
  // `{dayId}:{participant}`: two devices marking one person on one day edit one record.
  refuseId: refuseAttendanceId,
  noticeOf: attendanceNotice,
  empty: emptyAttendance,
  requiredOnCreate: [],
  writers: PRESENCE_WRITER_ROLES,
  mayWrite: mayWriteAttendance,
  readScope: syncReadScope,
  serverIndexes: [{ participant: 1 }],
  // Grouped per study day on the device: one row per `dayId` holding that day's records, read
  // whole (docs/0019-attendance-grouped-per-day-on-the-device.md).
  localIndexes: 'dayId',
  deviceGroups: {
    table: 'attendanceDays',
    by: 'dayId',
    groupOfId: (id) => parseAttendanceId(id)?.dayId ?? null,
  },
  countsForStanding: true,
  wording: 'studyDayMark',
}

const absences: SyncedCollection<AbsenceRecord> = {
  record: absenceRecordSchema,
  fields: absenceFieldsSchema,
  // Any id the client generates: an absence is a new stretch of days, not a derived key.
  refuseId: () => null,
  empty: emptyAbsence,
  // A new absence must say whose it is and when; later edits may change any one field.
  requiredOnCreate: ['participant', 'fromDay', 'toDay'],
  writers: ABSENCE_WRITER_ROLES,
  mayWrite: mayWriteAbsence,
  readScope: syncReadScope,
  serverIndexes: [{ participant: 1 }],
  localIndexes: '_id, participant, fromDay',
  countsForStanding: true,
  wording: 'absence',
}

const makeupAttendance: SyncedCollection<MakeupAttendanceRecord> = {
  record: makeupAttendanceRecordSchema,
  fields: makeupAttendanceFieldsSchema,
  // `{sessionId}:{participant}`. Whether the session exists is not checked: a mark made offline
  // for a session cancelled meanwhile is kept (a cancelled session makes up nothing).
  refuseId: (id) =>
    parseMakeupAttendanceId(id)
      ? null
      : {
          code: 'unknownMakeupSession',
          message: {
            sl: 'prisotnost na nadomeščanju se vpisuje za udeleženca izbranega nadomeščanja',
            en: 'make-up attendance is recorded for a participant of a make-up session',
          },
        },
  empty: emptyMakeupAttendance,
  requiredOnCreate: [],
  writers: MAKEUP_MARKER_ROLES,
  mayWrite: mayWriteMakeupAttendance,
  readScope: makeupAttendanceReadScope,
  serverIndexes: [{ participant: 1 }],
  localIndexes: '_id, session, participant',
  countsForStanding: true,
  wording: 'makeupMark',
}

const materials: SyncedCollection<MaterialRecord> = {
  record: materialRecordSchema,
  fields: materialFieldsSchema,
  // Any id the editor's device generates.
  refuseId: () => null,
  empty: emptyMaterial,
  requiredOnCreate: ['kind', 'years', 'visibility', 'createdAt'],
  writers: MATERIAL_WRITER_ROLES,
  mayWrite: mayWriteMaterial,
  readScope: materialReadScope,
  withdrawn: (id) => ({ ...emptyMaterial(id), deleted: true }),
  richText: ['descriptionSl', 'descriptionEn'],
  serverIndexes: [{ years: 1 }],
  localIndexes: '_id, createdAt',
  countsForStanding: false,
  wording: 'material',
}

const library: SyncedCollection<LibraryItemRecord> = {
  record: libraryItemRecordSchema,
  fields: libraryItemFieldsSchema,
  refuseId: () => null,
  empty: emptyLibraryItem,
  requiredOnCreate: ['kind', 'title', 'createdAt'],
  writers: LIBRARY_MANAGER_ROLES,
  mayWrite: mayWriteLibraryItem,
  readScope: libraryReadScope,
  withdrawn: (id) => ({ ...emptyLibraryItem(id), deleted: true }),
  richText: ['notes'],
  serverIndexes: [],
  localIndexes: '_id, createdAt',
  countsForStanding: false,
  wording: 'libraryItem',
}

// A person's notes on recordings: theirs alone to write and to read (docs/access-policy.md).
const mediaNotes: SyncedCollection<MediaNoteRecord> = {
  record: mediaNoteRecordSchema,
  fields: mediaNoteFieldsSchema,
  refuseId: () => null,
  empty: emptyMediaNote,
  requiredOnCreate: ['participant', 'recording', 'at', 'createdAt'],
  writers: MEDIA_NOTE_WRITER_ROLES,
  mayWrite: mayWriteMediaNote,
  readScope: ownMediaReadScope,
  serverIndexes: [{ participant: 1 }],
  localIndexes: '_id, recording, participant',
  countsForStanding: false,
  wording: 'recordingNote',
}

// Where a person stopped in a recording: `{recording}:{person}`, the latest position wins.
const mediaProgress: SyncedCollection<MediaProgressRecord> = {
  record: mediaProgressRecordSchema,
  fields: mediaProgressFieldsSchema,
  refuseId: (id) =>
    parseMediaProgressId(id)
      ? null
      : {
          code: 'unknownRecording',
          message: {
            sl: 'mesto ogleda se zapiše za posnetek in osebo',
            en: 'where you stopped is kept for a recording and a person',
          },
        },
  empty: (id) => emptyMediaProgress(id),
  requiredOnCreate: ['participant', 'recording'],
  writers: MEDIA_NOTE_WRITER_ROLES,
  mayWrite: mayWriteMediaProgress,
  readScope: ownMediaReadScope,
  serverIndexes: [{ participant: 1 }],
  localIndexes: '_id, recording, participant',
  // Saved every few seconds while a recording plays: it never counts for anyone's standing.
  countsForStanding: false,
  wording: 'recordingPosition',
}

// The programme's calendar: read by every signed-in reader (visitors read it from the public
// GET /api/calendar), written by no device. Its editors change it through /api/calendar, because
// only the server sees every device's recorded work, so only there can a change that meets it be
// refused or decided (docs/0047-the-calendar-is-data.md).
const calendar: SyncedCollection<CalendarRecord> = {
  record: calendarRecordSchema,
  fields: calendarFieldsSchema,
  refuseId: (id) =>
    emptyCalendarRecord(id)
      ? null
      : {
          code: 'unknownCalendarRecord',
          message: {
            sl: 'urnik ima zapis programa in zapise blokov',
            en: 'the calendar holds the programme record and block records',
          },
        },
  empty: emptyCalendarRecord,
  requiredOnCreate: ['kind'],
  writers: [],
  mayWrite: () => ({
    allowed: false,
    code: 'forbidden',
    message: {
      sl: 'urnik se ureja na strani Urejanje urnika',
      en: 'the calendar is edited on the Edit the timetable page',
    },
  }),
  readScope: () => ({ kind: 'all' }),
  serverIndexes: [],
  localIndexes: '_id',
  countsForStanding: false,
  wording: 'calendarEntry',
}

/** The synced collections, in the order they are pushed and snapshotted. */
export const SYNCED = {
  attendance,
  absences,
  makeupAttendance,
  materials,
  library,
  mediaNotes,
  mediaProgress,
  calendar,
} as const

export type SyncCollection = keyof typeof SYNCED

/** The names of the synced collections, in registry order. */
export const SYNC_COLLECTIONS = Object.keys(SYNCED) as [SyncCollection, ...SyncCollection[]]

/**
 * Can `user` make edits that wait on a device until they are synced (and so needs to see how
 * many wait)? Those who may write some synced collection; everyone else only reads.
 */
export function canHavePendingEdits(user: UserLike): boolean {
  return SYNC_COLLECTIONS.some((name) => hasAnyRole(user, SYNCED[name].writers))
}

/** The fields of `fields` that `entry` needs on create but the edit leaves out. */
export function missingOnCreate(
  entry: Pick<SyncedCollection, 'requiredOnCreate'>,
  fields: Record<string, unknown>,
): string[] {
  return entry.requiredOnCreate.filter((field) => !(field in fields))
}
