// The timetable's words that depend on the schedule: a segment's name by what it is (so the
// Slovenian timetable never shows the data's English names), a block's comment in the reader's
// language, and dates in one unambiguous form per language.
import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'
import type { TrainingBlock } from '@lfit/domain/schedule'
import { dateFormat } from '../i18n/date-format'
import { segmentKind } from './view-model'

export function segmentName(i18n: I18n, listing: { segment: number; extraMaterial: boolean }) {
  const segment = listing.segment
  switch (segmentKind(listing)) {
    case 'extraMaterial':
      return i18n._(msg`Extra material`)
    case 'makeup':
      return i18n._(msg`Make-up days`)
    default:
      return i18n._(msg`Segment ${segment}`)
  }
}

export function blockComment(i18n: I18n, block: TrainingBlock): string {
  return block.comment ? block.comment[i18n.locale === 'sl' ? 'sl' : 'en'] : ''
}

/**
 * A calendar date as people read it: "Tue 17 Nov 2026" in English (day first, never the US
 * month/day order), "tor., 17. 11. 2026" in Slovenian. `dayStr` is YYYY-MM-DD.
 */
export function readableDate(i18n: I18n, dayStr: string, weekday = true): string {
  const english = i18n.locale !== 'sl'
  const text = dateFormat(english ? 'en-GB' : 'sl', {
    ...(weekday ? { weekday: 'short' } : {}),
    day: 'numeric',
    month: english ? 'short' : 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.parse(`${dayStr}T12:00:00Z`))
  // en-GB writes "Tue, 17 Nov 2026"; the comma after a short weekday is not British usage.
  return english ? text.replace(',', '') : text
}

/** "1 Dec 2026 – 30 Jun 2027": the dates of a period such as the extra material. */
export function periodLabel(i18n: I18n, from: string, to: string): string {
  return `${readableDate(i18n, from, false)} – ${readableDate(i18n, to, false)}`
}
