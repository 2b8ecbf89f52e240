// A standing against the attendance limits, in the screen's language.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { StandingLevel } from '@lfit/domain/makeups/thresholds'

export const STANDING_NAMES: Record<StandingLevel, MessageDescriptor> = {
  onTrack: msg`on track`,
  atRisk: msg`at risk`,
  overLimit: msg`over a limit`,
}
