// Who may be given an attendance certificate (docs/product-rules.md#certificates): the standing
// `standingOf` works out, held against what a certificate says. A year is certified once it is
// over, the person took part in it, missed no more days than its limit and made up every missed
// day; the programme once every one of its years is, against the programme's limit. Nobody holds
// two valid certificates for one scope: a revoked one does not count.
import { attendanceFigures } from '../attendance/figures'
import type { ParticipantStanding } from '../makeups/standing'
import { studyDaysOfYear } from '../makeups/standing'
import { PROGRAMME_YEARS } from '../people/enrolment'
import { schedule, type Schedule } from '../schedule'
import {
  sameScope,
  type Certificate,
  type CertificateFigures,
  type CertificateScope,
} from './record'

export const INELIGIBLE_REASONS = [
  'notEnrolled',
  'notFinished',
  'overLimit',
  'outstanding',
  'alreadyCertified',
] as const
export type IneligibleReason = (typeof INELIGIBLE_REASONS)[number]

export type Eligibility =
  | { eligible: true; figures: CertificateFigures }
  | { eligible: false; reasons: IneligibleReason[]; figures: CertificateFigures | null }

export interface EligibilityInput {
  standing: ParticipantStanding
  scope: Extract<CertificateScope, { kind: 'year' | 'programme' }>
  /** Ljubljana date today (YYYY-MM-DD). */
  today: string
  /** The person's certificates, revoked ones included. */
  certificates: readonly Pick<Certificate, 'scope' | 'status'>[]
  schedule?: Schedule
  /** The years the whole programme has; tests pass a shorter programme. */
  programmeYears?: readonly number[]
}

function period(from: Schedule, years: readonly number[]) {
  const days = years.flatMap((year) => studyDaysOfYear(from, year)).map((d) => d.dayStr)
  const sorted = days.toSorted()
  return { count: days.length, from: sorted[0] ?? '', to: sorted.at(-1) ?? '' }
}

export function eligibilityFor(input: EligibilityInput): Eligibility {
  const from = input.schedule ?? schedule()
  const years =
    input.scope.kind === 'year'
      ? [input.scope.year]
      : [...(input.programmeYears ?? PROGRAMME_YEARS)]
  const reasons: IneligibleReason[] = []
  const counted = new Set(input.standing.years.map((y) => y.year))
  if (years.some((year) => !counted.has(year))) reasons.push('notEnrolled')
  const days = period(from, years)
  // Over once its last study day has passed; a year the schedule has no days for is not.
  if (days.count === 0 || days.to >= input.today) reasons.push('notFinished')
  const scope = input.scope
  const figures =
    scope.kind === 'year'
      ? input.standing.years.find((y) => y.year === scope.year)
      : input.standing.overall
  if (figures) {
    // The standing's own verdict; for the programme, the worst of its years and the whole.
    const level = scope.kind === 'year' ? figures.standing : input.standing.standing
    if (level === 'overLimit') reasons.push('overLimit')
    if (figures.outstanding.length > 0) reasons.push('outstanding')
  }
  if (input.certificates.some((c) => c.status === 'valid' && sameScope(c.scope, scope))) {
    reasons.push('alreadyCertified')
  }
  const stated: CertificateFigures | null = figures
    ? {
        studyDays: days.count,
        // Attended as every screen counts it (docs/product-rules.md#attendance-figures): a day
        // with neither a mark nor an absence is not claimed as attended.
        attended: attendanceFigures(figures).attended,
        missed: figures.missed.length,
        madeUp: figures.madeUp.length,
        late: figures.late.length,
        from: days.from,
        to: days.to,
      }
    : null
  if (reasons.length === 0 && stated) return { eligible: true, figures: stated }
  return { eligible: false, reasons, figures: stated }
}
