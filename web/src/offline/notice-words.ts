// Sync notices, the queue and sync errors in the product's words and the user's language: whose
// mark on which day, what it said and who changed it later (docs/product-rules.md#sync-messages).
// Each collection's records are worded by the `wording` of its registry entry (docs/0035).
// Never a record id, a field name, a cursor or JSON: those mean nothing to a presence editor.
// Pure (an i18n instance in, a sentence out), so every kind is tested in both languages.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AttendanceMark } from '@lfit/domain/records/attendance'
import { parseAttendanceId } from '@lfit/domain/records/attendance'
import { parseMakeupAttendanceId } from '@lfit/domain/makeups/sessions'
import { formatDay, formatDayRange } from '../i18n/date-format'
import { localDayStr } from '@lfit/domain/schedule/time'
import type { Mutation } from '@lfit/domain/sync/protocol'
import {
  SYNCED,
  type NoticeWording,
  type SyncedCollection,
  type SyncRegistry,
} from '@lfit/domain/sync/registry'
import { clockBehind } from './clock-behind'
import type { SyncNotice } from './database'

/** What the sentences need from the device besides the notice itself. */
export interface NoticeContext {
  /** The signed-in user's username: their own later edit is "yours from another device". */
  me?: string | undefined
  /** A person's name for a username, when this device knows it. */
  nameOf: (username: string) => string | undefined
  /** The record as this device now holds it (the later edit that won, once pulled). */
  current?: Readonly<Record<string, unknown>> | undefined
  /** The synced collections whose words to use: the device database's; the app's without it. */
  registry?: SyncRegistry | undefined
}

const MARK_WORDS: Record<AttendanceMark, MessageDescriptor> = {
  present: msg`Present`,
  absent: msg`Absent`,
  late: msg`Late`,
  excused: msg`Excused`,
}

/** A mark in words; no mark is "no mark" (a mark cleared by mistake). */
export function markWords(i18n: I18n, mark: unknown): string {
  const known = typeof mark === 'string' && mark in MARK_WORDS
  return i18n._(known ? MARK_WORDS[mark as AttendanceMark] : msg`no mark`)
}

/** A person's name, or their login when this device has no name for them. */
function person(i18n: I18n, context: NoticeContext, username: unknown): string {
  if (typeof username !== 'string' || username === '') return i18n._(msg`someone`)
  return context.nameOf(username) ?? username
}

/** The day of an attendance record from its key (`lfit_YYYYMMDD`). */
function dayOfAttendance(i18n: I18n, recordId: string): { name: string; day: string } | null {
  const key = parseAttendanceId(recordId)
  if (!key) return null
  const compact = key.dayId.slice('lfit_'.length)
  const dayStr = `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`
  return { name: key.participant, day: formatDay(i18n.locale, dayStr) }
}

/** Whose absence and which days, from the edit and, for what it left out, the record. */
function absenceOf(
  i18n: I18n,
  context: NoticeContext,
  fields: Readonly<Record<string, unknown>>,
): { name: string; days: string } {
  const field = (key: string) => fields[key] ?? context.current?.[key]
  const from = field('fromDay')
  const to = field('toDay')
  const days =
    typeof from === 'string' && typeof to === 'string' && from !== ''
      ? formatDayRange(i18n.locale, from, to)
      : i18n._(msg`days not known on this device`)
  return { name: person(i18n, context, field('participant')), days }
}

/** Why the server refused an edit: its own words when they are the product's, else ours. */
function reasonWords(i18n: I18n, reason: SyncNotice['reason']): string {
  // These reasons name a rule the user can act on; the others (a malformed edit, a reused edit
  // id) are faults of the app, and their server text names fields.
  if (reason && (reason.code === 'forbidden' || reason.code === 'unknownDay')) {
    return i18n.locale === 'sl' ? reason.message.sl : reason.message.en
  }
  return i18n._(msg`the app sent it incomplete or damaged; please make it again`)
}

/** Whose mark at a make-up session, from its key (`{sessionId}:{participant}`). */
function makeupPerson(i18n: I18n, context: NoticeContext, recordId: string): string {
  return person(i18n, context, parseMakeupAttendanceId(recordId)?.participant)
}

/** A notice about a mark or note at a make-up session. */
function describeMakeupNotice(
  i18n: I18n,
  notice: SyncNotice,
  context: NoticeContext,
  by: string,
): string {
  const name = makeupPerson(i18n, context, notice.recordId)
  const mark = markWords(i18n, notice.fields.mark)
  const isMark = 'mark' in notice.fields
  if (notice.kind === 'rejected') {
    const reason = reasonWords(i18n, notice.reason)
    return isMark
      ? i18n._(
          msg`Your mark for ${name} at a make-up session (${mark}) was not accepted: ${reason}.`,
        )
      : i18n._(msg`Your note for ${name} at a make-up session was not accepted: ${reason}.`)
  }
  return isMark
    ? i18n._(
        msg`Your mark for ${name} at a make-up session (${mark}) was replaced by ${by}'s later edit.`,
      )
    : i18n._(msg`Your note for ${name} at a make-up session was replaced by ${by}'s later edit.`)
}

/** How one collection's records are worded, by its registry entry's `wording`. */
interface Wording {
  /** A notice about an edit of one of its records. */
  notice(i18n: I18n, notice: SyncNotice, context: NoticeContext, later: Later): string
  /** A queued edit of one of its records, for the diagnostics list. */
  queued(i18n: I18n, mutation: Mutation, context: NoticeContext): string
}

/**
 * Who made the edit a notice is about: a name, whether it was the user on another device, and,
 * when the winning stamp was ahead of this device's own clock, the two days (this device's and
 * the winner's) that show the winner is "later" only because this device's clock is behind.
 */
interface Later {
  by: string
  fromMe: boolean
  clockBehind: { deviceDay: string; winnerDay: string } | null
}

function clockBehindDays(i18n: I18n, notice: SyncNotice): Later['clockBehind'] {
  const behind = clockBehind(notice)
  if (!behind) return null
  const day = (ms: number) => formatDay(i18n.locale, localDayStr(ms))
  return { deviceDay: day(behind.deviceAt), winnerDay: day(behind.winnerAt) }
}

/** A study day's mark or note: whose, which day, the mark. */
const studyDayMark: Wording = {
  notice(i18n, notice, context, { by, fromMe, clockBehind }) {
    const { fields } = notice
    const key = dayOfAttendance(i18n, notice.recordId)
    const name = key ? person(i18n, context, key.name) : i18n._(msg`someone`)
    const day = key?.day ?? i18n._(msg`a day not in the timetable`)
    const yours = markWords(i18n, fields.mark)
    const theirs = markWords(i18n, context.current?.mark)
    const isMark = 'mark' in fields
    // A mark made offline on a day the calendar has since removed: the server keeps it and
    // says so; the editor learns which mark, and that the calendar's editors will place it
    // (docs/0049-devices-follow-the-calendar.md).
    if (notice.kind === 'kept') {
      return isMark
        ? i18n._(
            msg`Your mark for ${name} on ${day} (${yours}) is kept, but that day is no longer a study day of the timetable: a calendar editor will move it or clear it.`,
          )
        : i18n._(
            msg`Your note for ${name} on ${day} is kept, but that day is no longer a study day of the timetable.`,
          )
    }
    if (notice.kind === 'rejected') {
      const reason = reasonWords(i18n, notice.reason)
      return isMark
        ? i18n._(msg`Your mark for ${name} on ${day} (${yours}) was not accepted: ${reason}.`)
        : i18n._(msg`Your note for ${name} on ${day} was not accepted: ${reason}.`)
    }
    if (clockBehind) {
      const { deviceDay, winnerDay } = clockBehind
      if (fromMe)
        return isMark
          ? i18n._(
              msg`Your mark for ${name} on ${day} (${yours}) was not kept: this device's clock is behind (it says ${deviceDay}), so your own mark made on another device on ${winnerDay} (${theirs}) counts as the later one. Set this device's date and time, then mark again.`,
            )
          : i18n._(
              msg`Your note for ${name} on ${day} was not kept: this device's clock is behind (it says ${deviceDay}), so your own note made on another device on ${winnerDay} counts as the later one. Set this device's date and time, then write it again.`,
            )
      return isMark
        ? i18n._(
            msg`Your mark for ${name} on ${day} (${yours}) was not kept: this device's clock is behind (it says ${deviceDay}), so ${by}'s mark made on ${winnerDay} (${theirs}) counts as the later one. Set this device's date and time, then mark again.`,
          )
        : i18n._(
            msg`Your note for ${name} on ${day} was not kept: this device's clock is behind (it says ${deviceDay}), so ${by}'s note made on ${winnerDay} counts as the later one. Set this device's date and time, then write it again.`,
          )
    }
    if (fromMe) {
      return isMark
        ? i18n._(
            msg`Your mark for ${name} on ${day} (${yours}) was replaced by your later mark from another device (${theirs}).`,
          )
        : i18n._(
            msg`Your note for ${name} on ${day} was replaced by your later note from another device.`,
          )
    }
    return isMark
      ? i18n._(
          msg`Your mark for ${name} on ${day} (${yours}) was replaced by ${by}'s later mark (${theirs}).`,
        )
      : i18n._(msg`Your note for ${name} on ${day} was replaced by ${by}'s later note.`)
  },
  queued(i18n, mutation, context) {
    const key = dayOfAttendance(i18n, mutation.recordId)
    const name = key ? person(i18n, context, key.name) : i18n._(msg`someone`)
    const day = key?.day ?? i18n._(msg`a day not in the timetable`)
    if ('mark' in mutation.fields) {
      const mark = markWords(i18n, mutation.fields.mark)
      return i18n._(msg`Mark for ${name} on ${day}: ${mark}`)
    }
    return i18n._(msg`Note for ${name} on ${day}`)
  },
}

const makeupMark: Wording = {
  notice: (i18n, notice, context, { by }) => describeMakeupNotice(i18n, notice, context, by),
  queued(i18n, mutation, context) {
    const name = makeupPerson(i18n, context, mutation.recordId)
    return 'mark' in mutation.fields
      ? i18n._(msg`Make-up mark for ${name}: ${markWords(i18n, mutation.fields.mark)}`)
      : i18n._(msg`Make-up note for ${name}`)
  },
}

const absence: Wording = {
  notice(i18n, notice, context, { by, fromMe }) {
    const { name, days } = absenceOf(i18n, context, notice.fields)
    if (notice.kind === 'rejected') {
      const reason = reasonWords(i18n, notice.reason)
      return i18n._(
        msg`Your change to the absence of ${name} (${days}) was not accepted: ${reason}.`,
      )
    }
    return fromMe
      ? i18n._(
          msg`Your change to the absence of ${name} (${days}) was replaced by your later change from another device.`,
        )
      : i18n._(
          msg`Your change to the absence of ${name} (${days}) was replaced by ${by}'s later change.`,
        )
  },
  queued(i18n, mutation, context) {
    const { name, days } = absenceOf(i18n, context, mutation.fields)
    return mutation.fields.deleted === true
      ? i18n._(msg`Absence of ${name} (${days}) deleted`)
      : i18n._(msg`Absence of ${name} (${days})`)
  },
}

/**
 * A record named by a phrase: `subject` as in "your change to …" (in Slovenian the genitive),
 * `item` as the queue lists it, `deleted` for its deletion.
 */
interface Phrases {
  subject(i18n: I18n, fields: Fields): string
  item(i18n: I18n, fields: Fields): string
  deleted(i18n: I18n, fields: Fields): string
}

type Fields = (key: string) => unknown

/** The wording of a record named by a phrase, in the sentences every such record shares. */
function phrased(phrases: Phrases): Wording {
  return {
    notice(i18n, notice, context, { by, fromMe }) {
      const subject = phrases.subject(i18n, fieldsOf(notice.fields, context))
      if (notice.kind === 'rejected') {
        const reason = reasonWords(i18n, notice.reason)
        return i18n._(msg`Your change to ${subject} was not accepted: ${reason}.`)
      }
      return fromMe
        ? i18n._(
            msg`Your change to ${subject} was replaced by your later change from another device.`,
          )
        : i18n._(msg`Your change to ${subject} was replaced by ${by}'s later change.`)
    },
    queued(i18n, mutation, context) {
      const fields = fieldsOf(mutation.fields, context)
      return mutation.fields.deleted === true
        ? phrases.deleted(i18n, fields)
        : phrases.item(i18n, fields)
    },
  }
}

/** A field from the edit, or, for what it left out, from the record as the device holds it. */
function fieldsOf(edit: Readonly<Record<string, unknown>>, context: NoticeContext): Fields {
  return (key) => edit[key] ?? context.current?.[key]
}

/** A title in the user's language when the record has one, else in the other, else "untitled". */
function titleOf(i18n: I18n, fields: Fields, keys: readonly string[]): string {
  const titles = keys.map(fields).filter((t): t is string => typeof t === 'string' && t !== '')
  return titles[0] ?? i18n._(msg`untitled`)
}

const materialTitle = (i18n: I18n, fields: Fields) =>
  titleOf(i18n, fields, i18n.locale === 'sl' ? ['titleSl', 'titleEn'] : ['titleEn', 'titleSl'])
const libraryTitle = (i18n: I18n, fields: Fields) => titleOf(i18n, fields, ['title'])

/**
 * The words of each kind of record: a wording the registry names and this map lacks is a type
 * error, so a new synced collection cannot be worded as another's
 * (docs/0035-every-synced-collection-property-in-its-entry.md).
 */
const WORDINGS: { readonly [K in NoticeWording]: Wording } = {
  studyDayMark,
  makeupMark,
  absence,
  material: phrased({
    subject: (i18n, f) => {
      const title = materialTitle(i18n, f)
      return i18n._(msg`the material “${title}”`)
    },
    item: (i18n, f) => {
      const title = materialTitle(i18n, f)
      return i18n._(msg`Material “${title}”`)
    },
    deleted: (i18n, f) => {
      const title = materialTitle(i18n, f)
      return i18n._(msg`Material “${title}” deleted`)
    },
  }),
  libraryItem: phrased({
    subject: (i18n, f) => {
      const title = libraryTitle(i18n, f)
      return i18n._(msg`the library item “${title}”`)
    },
    item: (i18n, f) => {
      const title = libraryTitle(i18n, f)
      return i18n._(msg`Library item “${title}”`)
    },
    deleted: (i18n, f) => {
      const title = libraryTitle(i18n, f)
      return i18n._(msg`Library item “${title}” deleted`)
    },
  }),
  recordingNote: phrased({
    subject: (i18n) => i18n._(msg`a note on a recording`),
    item: (i18n) => i18n._(msg`Note on a recording`),
    deleted: (i18n) => i18n._(msg`Note on a recording deleted`),
  }),
  recordingPosition: phrased({
    subject: (i18n) => i18n._(msg`where you stopped in a recording`),
    item: (i18n) => i18n._(msg`Where you stopped in a recording`),
    deleted: (i18n) => i18n._(msg`Where you stopped in a recording`),
  }),
  // Devices never edit the calendar (docs/0047-the-calendar-is-data.md); an entry still has words.
  calendarEntry: phrased({
    subject: (i18n) => i18n._(msg`the timetable`),
    item: (i18n) => i18n._(msg`Change of the timetable`),
    deleted: (i18n) => i18n._(msg`Block removed from the timetable`),
  }),
}

/**
 * The wording of a collection's records, by its entry in the device's registry (the app's unless
 * the context names another); null for a collection this build does not sync (an edit queued by
 * an older build).
 */
function wordingOf(context: NoticeContext, collection: string): Wording | null {
  const registry: SyncRegistry = context.registry ?? SYNCED
  return Object.hasOwn(registry, collection)
    ? WORDINGS[(registry[collection] as SyncedCollection).wording]
    : null
}

/** One notice as a sentence. */
export function describeNotice(i18n: I18n, notice: SyncNotice, context: NoticeContext): string {
  const later = notice.by?.user
  const fromMe = later !== undefined && later === context.me
  const by = person(i18n, context, later)
  const wording = wordingOf(context, notice.collection)
  if (!wording) return i18n._(msg`A change this version of the app cannot describe.`)
  // Only a mark has sentences of its own for an edit kept with a word from the server; any other
  // record's is said in the server's words, which are the product's.
  const said = notice.reason?.message[i18n.locale === 'sl' ? 'sl' : 'en']
  if (notice.kind === 'kept' && wording !== WORDINGS.studyDayMark && said) return said
  const behind = clockBehindDays(i18n, notice)
  const sentence = wording.notice(i18n, notice, context, { by, fromMe, clockBehind: behind })
  // Only a study day's mark has its own sentence for it; the others say it after theirs.
  if (!behind || wording === WORDINGS.studyDayMark) return sentence
  const { deviceDay, winnerDay } = behind
  return `${sentence} ${i18n._(msg`This device's clock is behind (it says ${deviceDay}; the other change was made on ${winnerDay}): set its date and time.`)}`
}

/** A queued edit, for the diagnostics list: "Mark for Hana Kos on Tue 17 Nov 2026: Late". */
export function describeQueued(i18n: I18n, mutation: Mutation, context: NoticeContext): string {
  const wording = wordingOf(context, mutation.collection)
  if (!wording) return i18n._(msg`A change this version of the app cannot describe.`)
  return wording.queued(i18n, mutation, context)
}

/** The last sync error as the engine stored it, in words (its technical form stays out). */
export function describeSyncError(i18n: I18n, error: string | null): string | null {
  if (error === null) return null
  if (error === 'offline') return i18n._(msg`No connection to the server.`)
  if (error === 'signed out') return i18n._(msg`Signed out: sign in again to send the edits.`)
  if (error === 'update required') return i18n._(msg`A newer version of the app is needed.`)
  const status = /^server (\d{3})\b/.exec(error)?.[1]
  if (status) {
    return i18n._(
      msg`The server could not take the edits just now (error ${status}); they are sent again automatically.`,
    )
  }
  return i18n._(msg`Syncing did not finish; it is tried again automatically.`)
}
