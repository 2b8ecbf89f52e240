// The standing per person (docs/product-rules.md#reports): for each participant of a programme
// year, in the overview's order, the make-up standing's own figures (makeups/standing.ts) for that
// year and for the whole programme against the limits. Nothing is counted again here.
import type { Figures, ParticipantStanding } from '../makeups/standing'
import type { StandingLevel } from '../makeups/thresholds'
import type { MatrixPerson } from './matrix'

export interface StandingFigures {
  missed: number
  late: number
  madeUp: number
  outstanding: number
  limit: number
  standing: StandingLevel
}

export interface StandingRow extends MatrixPerson {
  /** The chosen year's figures; null when the year does not count for them (not enrolled). */
  year: StandingFigures | null
  /** Every counted year together; null when no standing is known for them. */
  overall: StandingFigures | null
}

function figuresOf(f: Figures): StandingFigures {
  return {
    missed: f.missed.length,
    late: f.late.length,
    madeUp: f.madeUp.length,
    outstanding: f.outstanding.length,
    limit: f.limit,
    standing: f.standing,
  }
}

export function standingRows(
  year: number,
  participants: readonly MatrixPerson[],
  standingOf: (participant: string) => ParticipantStanding | undefined,
): StandingRow[] {
  return participants.map((person) => {
    const standing = standingOf(person.username)
    const ofYear = standing?.years.find((y) => y.year === year)
    return {
      ...person,
      year: ofYear ? figuresOf(ofYear) : null,
      overall: standing ? figuresOf(standing.overall) : null,
    }
  })
}
