import { describe, expect, it } from 'vitest'
import { nextTrainingDay, schedule, zonedTimeToEpoch } from '@lfit/domain/schedule'
import { scheduleShownSpan } from './schedule-changes'
import { timetable, TIMETABLE_VIEWS } from './view-model'

const HOUR = 60 * 60 * 1000

/** What `/` and `/urnik` (each view, each year) show of the schedule at `now`. */
function shown(now: number) {
  const views = TIMETABLE_VIEWS.flatMap((view) =>
    [undefined, 1, 2, 3, 4, 5].map((year) => timetable(now, { view, year })),
  )
  return { next: nextTrainingDay(now)?.id, views }
}

/** Instants around every study day of the programme: before, during and after its hours. */
function instants(): number[] {
  const found: number[] = []
  for (const day of schedule().days) {
    if (day.freeDay) continue
    found.push(day.from - 9 * HOUR, day.from + HOUR, day.to - 1, day.to, day.to + 5 * HOUR)
  }
  return found
}

describe('how long the schedule pages stay as rendered', () => {
  it('shows the same from the start of the span to just before its end', () => {
    const checked = instants().filter((_, index) => index % 7 === 0)
    expect(checked.length).toBeGreaterThan(50)
    for (const at of checked) {
      const { since, until } = scheduleShownSpan(at)
      expect(since).toBeLessThanOrEqual(at)
      expect(until).toBeGreaterThan(at)
      const label = new Date(at).toISOString()
      expect(shown(since), label).toEqual(shown(at))
      expect(shown(until - 1), label).toEqual(shown(at))
    }
  })

  it('spans a Ljubljana day without training, midnight to midnight', () => {
    expect(scheduleShownSpan(zonedTimeToEpoch('2026-11-22', '12:00'))).toEqual({
      since: zonedTimeToEpoch('2026-11-22', '00:00'),
      until: zonedTimeToEpoch('2026-11-23', '00:00'),
    })
  })

  it("ends when today's training ends, and the next span starts there", () => {
    const day = schedule().days.find((d) => !d.freeDay)!
    expect(day.freeDay).toBe(false)
    expect(scheduleShownSpan(day.to! - HOUR).until).toBe(day.to)
    expect(scheduleShownSpan(day.to! + HOUR).since).toBe(day.to)
  })
})
