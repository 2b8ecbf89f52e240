// The certificate screens' words for the domain's codes: why someone is not eligible, standings.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { IneligibleReason } from '@lfit/domain/certificates/eligibility'
import type { StandingLevel } from '@lfit/domain/makeups/thresholds'

export const REASON_WORDS: Record<IneligibleReason, MessageDescriptor> = {
  notEnrolled: msg`did not take part in every year`,
  notFinished: msg`not over yet`,
  overLimit: msg`over the limit of missed days`,
  outstanding: msg`days still to make up`,
  alreadyCertified: msg`already holds a valid certificate`,
}

export const STANDING_WORDS: Record<StandingLevel, MessageDescriptor> = {
  onTrack: msg`On track`,
  atRisk: msg`At risk`,
  overLimit: msg`Over the limit`,
}
