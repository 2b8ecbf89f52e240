// "Who needs make-ups" (/nadomescanja): each participant with outstanding days (or days recorded
// as made up otherwise, so a mistaken record can be undone), filtered by
// programme year and segment, worst standing first, then by name. The figures are `standingOf`'s
// (through the device's standings); this only picks and orders them.
import type { BookPerson } from '@lfit/domain/makeups/book'
import type { MadeUpDay, OutstandingDay, ParticipantStanding } from '@lfit/domain/makeups/standing'
import { STANDINGS } from '@lfit/domain/makeups/thresholds'

export interface NeedsFilter {
  /** A programme year, or 0 for all. */
  year: number
  /** A segment, or 0 for all. */
  segment: number
}

export interface NeedsRow {
  participant: string
  name: string
  standing: ParticipantStanding
  /** The outstanding days the filter keeps, in date order. */
  outstanding: OutstandingDay[]
  /** Days the filter keeps that an editor recorded as made up otherwise (they can be undone). */
  madeUpOtherwise: MadeUpDay[]
}

export function needsRows(
  standings: ReadonlyMap<string, ParticipantStanding>,
  people: readonly BookPerson[],
  filter: NeedsFilter,
): NeedsRow[] {
  const names = new Map(
    people.map((p) => [p.username, `${p.firstName} ${p.lastName}`.trim() || p.username]),
  )
  const rows: NeedsRow[] = []
  for (const [participant, standing] of standings) {
    const kept = (day: { year: number; segment: number }) =>
      (filter.year === 0 || day.year === filter.year) &&
      (filter.segment === 0 || day.segment === filter.segment)
    const outstanding = standing.overall.outstanding.filter(kept)
    const madeUpOtherwise = standing.overall.madeUp.filter(
      (day) => day.madeUp.by === 'otherwise' && kept(day),
    )
    if (outstanding.length + madeUpOtherwise.length === 0) continue
    const name = names.get(participant) ?? participant
    rows.push({ participant, name, standing, outstanding, madeUpOtherwise })
  }
  const rank = (row: NeedsRow) => STANDINGS.indexOf(row.standing.standing)
  return rows.sort((a, b) => rank(b) - rank(a) || a.name.localeCompare(b.name, 'sl'))
}
