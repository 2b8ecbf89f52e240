// A standing against the attendance limits in words (docs/product-rules.md#make-ups-and-attendance-rules):
// "On track", "At risk: one more missed day reaches the limit of 5 this year", "Over the limit".
// Pure (an i18n instance in, a sentence out), so both languages are tested.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import type { Figures } from '@lfit/domain/makeups/standing'
import type { StandingLevel } from '@lfit/domain/makeups/thresholds'

const NAMES: Record<StandingLevel, MessageDescriptor> = {
  onTrack: msg`On track`,
  atRisk: msg`At risk`,
  overLimit: msg`Over the limit`,
}

export const standingName = (i18n: I18n, level: StandingLevel) => i18n._(NAMES[level])

/** The standing of a year (`scope: 'year'`) or of the whole programme, with what it means. */
export function standingSentence(
  i18n: I18n,
  figures: Pick<Figures, 'missed' | 'limit' | 'standing'>,
  scope: 'year' | 'programme',
): string {
  const missed = figures.missed.length
  const limit = figures.limit
  const year = scope === 'year'
  if (figures.standing === 'overLimit') {
    return year
      ? i18n._(
          msg`Over the limit: ${plural(missed, { one: '# missed day', other: '# missed days' })}, at most ${limit} are allowed in a year`,
        )
      : i18n._(
          msg`Over the limit: ${plural(missed, { one: '# missed day', other: '# missed days' })}, at most ${limit} are allowed in the programme`,
        )
  }
  if (figures.standing === 'atRisk') {
    if (missed < limit) {
      return year
        ? i18n._(msg`At risk: one more missed day reaches the limit of ${limit} this year`)
        : i18n._(msg`At risk: one more missed day reaches the limit of ${limit} in the programme`)
    }
    return year
      ? i18n._(
          msg`At risk: the limit of ${limit} is reached, one more missed day this year is over it`,
        )
      : i18n._(
          msg`At risk: the limit of ${limit} is reached, one more missed day in the programme is over it`,
        )
  }
  return year
    ? i18n._(msg`On track: ${missed} of at most ${limit} missed days this year`)
    : i18n._(msg`On track: ${missed} of at most ${limit} missed days in the programme`)
}
