import { describe, expect, it } from 'vitest'
import { NOTHING_ANNOUNCED, standingAlerts, type AnnouncedStandings } from './alerts'
import type { StandingTally, Tally } from './standing'
import type { StandingLevel } from './thresholds'

// A standing written as "year:missed/limit standing …; overall:missed/limit standing".
function standing(source: string): StandingTally {
  const parse = (part: string): [string, Tally] => {
    const [scope, counts, level] = part.trim().split(/[: ]/) as [string, string, StandingLevel]
    const [missed, limit] = counts.split('/').map(Number) as [number, number]
    return [scope, { missed, limit, standing: level }]
  }
  const parts = source.split(';').map(parse)
  const overall = parts.find(([scope]) => scope === 'overall')?.[1] as Tally
  return {
    years: parts
      .filter(([scope]) => scope !== 'overall')
      .map(([scope, tally]) => ({ year: Number(scope), ...tally })),
    overall,
    standing: overall.standing,
  }
}

describe('announcing a crossing once', () => {
  it.each([
    {
      label: 'on track: nothing',
      before: NOTHING_ANNOUNCED,
      now: '1:3/5 onTrack; overall:3/10 onTrack',
      alerts: [],
    },
    {
      label: 'a year crosses into at risk',
      before: NOTHING_ANNOUNCED,
      now: '1:4/5 atRisk; overall:4/10 onTrack',
      alerts: ['1 atRisk 4/5'],
    },
    {
      label: 'the same standing at the next sync: nothing again',
      before: { overall: 'onTrack', years: { 1: 'atRisk' } },
      now: '1:5/5 atRisk; overall:5/10 onTrack',
      alerts: [],
    },
    {
      label: 'from at risk to over a limit',
      before: { overall: 'onTrack', years: { 1: 'atRisk' } },
      now: '1:6/5 overLimit; overall:6/10 onTrack',
      alerts: ['1 overLimit 6/5'],
    },
    {
      label: 'straight from on track to over a limit: one alert',
      before: NOTHING_ANNOUNCED,
      now: '2:6/5 overLimit; overall:6/10 onTrack',
      alerts: ['2 overLimit 6/5'],
    },
    {
      label: 'a year and the programme at once',
      before: { overall: 'onTrack', years: { 1: 'atRisk' } },
      now: '1:4/5 atRisk; 2:5/5 atRisk; overall:9/10 atRisk',
      alerts: ['2 atRisk 5/5', 'overall atRisk 9/10'],
    },
    {
      label: 'better now: nothing to announce',
      before: { overall: 'atRisk', years: { 1: 'overLimit' } },
      now: '1:4/5 atRisk; overall:4/10 onTrack',
      alerts: [],
    },
  ] as { label: string; before: AnnouncedStandings; now: string; alerts: string[] }[])(
    '$label',
    ({ before, now, alerts }) => {
      const result = standingAlerts(before, standing(now))
      expect(result.alerts.map((a) => `${a.scope} ${a.level} ${a.missed}/${a.limit}`)).toEqual(
        alerts,
      )
    },
  )

  it('keeps the standing now, so a new crossing after a recovery is announced again', () => {
    const first = standingAlerts(NOTHING_ANNOUNCED, standing('1:4/5 atRisk; overall:4/10 onTrack'))
    expect(first.alerts).toHaveLength(1)
    const recovered = standingAlerts(
      first.announced,
      standing('1:3/5 onTrack; overall:3/10 onTrack'),
    )
    expect(recovered).toEqual({
      alerts: [],
      announced: { overall: 'onTrack', years: { 1: 'onTrack' } },
    })
    const again = standingAlerts(
      recovered.announced,
      standing('1:4/5 atRisk; overall:4/10 onTrack'),
    )
    expect(again.alerts).toHaveLength(1)
  })
})
