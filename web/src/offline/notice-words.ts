// Sync notices, the queue and sync errors in the product's words and the user's language: whose
// mark on which day, what it said and who changed it later (docs/product-rules.md#sync-messages).
// Never a record id, a field name, a cursor or JSON: those mean nothing to a presence editor.
// Pure (an i18n instance in, a sentence out), so every kind is tested in both languages.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AttendanceMark } from '@lfit/domain/records/attendance'
import { parseAttendanceId } from '@lfit/domain/records/attendance'
import { parseMakeupAttendanceId } from '@lfit/domain/makeups/sessions'
import { formatDay, formatDayRange } from '../i18n/date-format'
import type { Mutation } from '@lfit/domain/sync/protocol'
import type { SyncNotice } from './database'

/** What the sentences need from the device besides the notice itself. */
export interface NoticeContext {
  /** The signed-in user's username: their own later edit is "yours from another device". */
  me?: string | undefined
  /** A person's name for a username, when this device knows it. */
  nameOf: (username: string) => string | undefined
  /** The record as this device now holds it (the later edit that won, once pulled). */
  current?: Readonly<Record<string, unknown>> | undefined
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

/** One notice as a sentence. */
export function describeNotice(i18n: I18n, notice: SyncNotice, context: NoticeContext): string {
  const { fields } = notice
  const later = notice.by?.user
  const fromMe = later !== undefined && later === context.me
  const by = person(i18n, context, later)
  if (notice.collection === 'makeupAttendance') {
    return describeMakeupNotice(i18n, notice, context, by)
  }
  if (notice.collection === 'attendance') {
    const key = dayOfAttendance(i18n, notice.recordId)
    const name = key ? person(i18n, context, key.name) : i18n._(msg`someone`)
    const day = key?.day ?? i18n._(msg`a day not in the timetable`)
    const yours = markWords(i18n, fields.mark)
    const theirs = markWords(i18n, context.current?.mark)
    const isMark = 'mark' in fields
    if (notice.kind === 'rejected') {
      const reason = reasonWords(i18n, notice.reason)
      return isMark
        ? i18n._(msg`Your mark for ${name} on ${day} (${yours}) was not accepted: ${reason}.`)
        : i18n._(msg`Your note for ${name} on ${day} was not accepted: ${reason}.`)
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
  }
  const { name, days } = absenceOf(i18n, context, fields)
  if (notice.kind === 'rejected') {
    const reason = reasonWords(i18n, notice.reason)
    return i18n._(msg`Your change to the absence of ${name} (${days}) was not accepted: ${reason}.`)
  }
  return fromMe
    ? i18n._(
        msg`Your change to the absence of ${name} (${days}) was replaced by your later change from another device.`,
      )
    : i18n._(
        msg`Your change to the absence of ${name} (${days}) was replaced by ${by}'s later change.`,
      )
}

/** A queued edit, for the diagnostics list: "Mark for Hana Kos on Tue 17 Nov 2026: Late". */
export function describeQueued(i18n: I18n, mutation: Mutation, context: NoticeContext): string {
  const { fields } = mutation
  if (mutation.collection === 'makeupAttendance') {
    const name = makeupPerson(i18n, context, mutation.recordId)
    return 'mark' in fields
      ? i18n._(msg`Make-up mark for ${name}: ${markWords(i18n, fields.mark)}`)
      : i18n._(msg`Make-up note for ${name}`)
  }
  if (mutation.collection === 'attendance') {
    const key = dayOfAttendance(i18n, mutation.recordId)
    const name = key ? person(i18n, context, key.name) : i18n._(msg`someone`)
    const day = key?.day ?? i18n._(msg`a day not in the timetable`)
    if ('mark' in fields) {
      const mark = markWords(i18n, fields.mark)
      return i18n._(msg`Mark for ${name} on ${day}: ${mark}`)
    }
    return i18n._(msg`Note for ${name} on ${day}`)
  }
  const { name, days } = absenceOf(i18n, context, fields)
  return fields.deleted === true
    ? i18n._(msg`Absence of ${name} (${days}) deleted`)
    : i18n._(msg`Absence of ${name} (${days})`)
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
