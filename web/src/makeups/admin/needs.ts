// "Who needs make-ups" (/nadomescanja): each participant with outstanding days, filtered by
// programme year and segment, worst standing first, then by name. The figures are `standingOf`'s
// (through the device's standings); this only picks and orders them.
import type { BookPerson } from '@lfit/domain/makeups/book'
import type { OutstandingDay, ParticipantStanding } from '@lfit/domain/makeups/standing'
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
    const outstanding = standing.overall.outstanding.filter(
      (day) =>
        (filter.year === 0 || day.year === filter.year) &&
        (filter.segment === 0 || day.segment === filter.segment),
    )
    if (outstanding.length === 0) continue
    rows.push({ participant, name: names.get(participant) ?? participant, standing, outstanding })
  }
  const rank = (row: NeedsRow) => STANDINGS.indexOf(row.standing.standing)
  return rows.sort((a, b) => rank(b) - rank(a) || a.name.localeCompare(b.name, 'sl'))
}
