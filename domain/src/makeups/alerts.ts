// When crossing into "at risk" or "over a limit" is announced (docs/product-rules.md#make-ups-and-attendance-rules):
// once per crossing, not at every sync. The server keeps, per participant, the levels it last
// announced; this compares them with the standing now and says what to announce and what to keep.
import { z } from 'zod'
import type { StandingTally, Tally } from './standing'
import { STANDINGS, type StandingLevel } from './thresholds'

export const announcedStandingsSchema = z.object({
  overall: z.enum(STANDINGS),
  /** By programme year, as a string key ("1" to "5"). */
  years: z.record(z.string(), z.enum(STANDINGS)),
})
export type AnnouncedStandings = z.output<typeof announcedStandingsSchema>

export const NOTHING_ANNOUNCED: AnnouncedStandings = Object.freeze({
  overall: 'onTrack',
  years: {},
})

export interface StandingAlert {
  /** A programme year, or the whole programme. */
  scope: number | 'overall'
  level: Exclude<StandingLevel, 'onTrack'>
  missed: number
  limit: number
}

const rank = (level: StandingLevel) => STANDINGS.indexOf(level)

/**
 * The crossings to announce: each year and the programme whose standing is now worse than last
 * announced (from on track straight to over a limit is one alert, over a limit). What to keep is
 * the standing now, so a standing that got better (a corrected mark, a raised limit) and then
 * worse again is announced again: that is a new crossing.
 */
export function standingAlerts(
  announced: AnnouncedStandings,
  now: StandingTally,
): { alerts: StandingAlert[]; announced: AnnouncedStandings } {
  const alerts: StandingAlert[] = []
  const consider = (scope: number | 'overall', before: StandingLevel, tally: Tally) => {
    if (tally.standing !== 'onTrack' && rank(tally.standing) > rank(before)) {
      alerts.push({ scope, level: tally.standing, missed: tally.missed, limit: tally.limit })
    }
  }
  for (const year of now.years) consider(year.year, announced.years[year.year] ?? 'onTrack', year)
  consider('overall', announced.overall, now.overall)
  return {
    alerts,
    announced: {
      overall: now.overall.standing,
      years: Object.fromEntries(now.years.map((year) => [String(year.year), year.standing])),
    },
  }
}
