// How a make-up session is named on screen, the same on /ETAB and wherever standings list the
// sessions that cover an outstanding day: its date, hours and place, and what it covers.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { MakeupSession } from '@lfit/domain/makeups/sessions'
import { schedule } from '@lfit/domain/schedule'
import { formatDay } from '../../i18n/date-format'

/** "Sat 5 Dec 2026 · 10:00–13:00 · Studio Gibanje". */
export function sessionLabel(i18n: I18n, session: MakeupSession): string {
  const when = `${formatDay(i18n.locale, session.dayStr)} · ${session.fromHour}–${session.toHour}`
  const label = `${when} · ${session.place}`
  return session.cancelled ? `${label} · ${i18n._(msg`cancelled`)}` : label
}

/** "segment 11; Mon 16 Nov 2026": what attending the session makes up. */
export function coversWords(i18n: I18n, session: Pick<MakeupSession, 'covers'>): string {
  const days = schedule().dayById
  return [
    ...session.covers.segments.map((segment) => i18n._(msg`segment ${segment}`)),
    ...session.covers.days.map((id) => {
      const day = days.get(id)
      return day ? formatDay(i18n.locale, day.dayStr) : id
    }),
  ].join('; ')
}
