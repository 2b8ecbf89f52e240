// The timetable's words that depend on the schedule: a segment's name by what it is (so the
// Slovenian timetable never shows the data's English names), a block's comment in the reader's
// language. Dates: `i18n/date-format.ts`.
import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'
import type { TrainingBlock } from '@lfit/domain/schedule'
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
