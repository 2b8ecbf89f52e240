// How a make-up session is written on the make-up screens: when it is held, in one unambiguous
// form ("Tue 1 Dec 2026, 17:00–20:00", docs/product-rules.md#dates), and what it covers in the
// product's words ("Segment 3", "Sat 14 Nov 2026"), never a record id.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { MakeupSession } from '@lfit/domain/makeups/sessions'
import { formatDay } from '../../i18n/date-format'
import { segmentName } from '../../timetable/labels'

/** "Tue 1 Dec 2026, 17:00–20:00" / "tor., 1. 12. 2026, 17:00–20:00" (Ljubljana time). */
export function sessionWhen(
  locale: string,
  session: Pick<MakeupSession, 'dayStr' | 'fromHour' | 'toHour'>,
): string {
  return `${formatDay(locale, session.dayStr)}, ${session.fromHour}–${session.toHour}`
}

/** The calendar date of a study day id `lfit_YYYYMMDD`. */
export function dayStrOfDayId(dayId: string): string {
  const digits = dayId.slice(-8)
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`
}

/** "Segment 3, Segment 5, Sat 14 Nov 2026": the segments first, then the single days by date. */
export function coversWords(i18n: I18n, covers: MakeupSession['covers']): string {
  const segments = covers.segments
    .toSorted((a, b) => a - b)
    .map((segment) => segmentName(i18n, { segment, extraMaterial: false }))
  const days = covers.days
    .map(dayStrOfDayId)
    .toSorted()
    .map((dayStr) => formatDay(i18n.locale, dayStr))
  return [...segments, ...days].join(', ')
}

/** "Covers: Segment 3" as one line. */
export function coversLine(i18n: I18n, covers: MakeupSession['covers']): string {
  const what = coversWords(i18n, covers)
  return i18n._(msg`Covers: ${what}`)
}
