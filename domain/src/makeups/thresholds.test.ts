import { describe, expect, it } from 'vitest'
import {
  changeThresholds,
  DEFAULT_THRESHOLD_SETTINGS,
  DEFAULT_THRESHOLDS,
  standingAgainst,
  thresholdSettingsSchema,
  worstStanding,
} from './thresholds'

describe('standing against a limit of "at most N missed days"', () => {
  it.each([
    { label: 'well below a limit of 5', missed: 3, max: 5, standing: 'onTrack' },
    { label: 'one day from a limit of 5', missed: 4, max: 5, standing: 'atRisk' },
    { label: 'at a limit of 5', missed: 5, max: 5, standing: 'atRisk' },
    { label: 'over a limit of 5', missed: 6, max: 5, standing: 'overLimit' },
    { label: 'well below a limit of 10', missed: 8, max: 10, standing: 'onTrack' },
    { label: 'one day from a limit of 10', missed: 9, max: 10, standing: 'atRisk' },
    { label: 'at a limit of 10', missed: 10, max: 10, standing: 'atRisk' },
    { label: 'over a limit of 10', missed: 11, max: 10, standing: 'overLimit' },
    { label: 'a limit of 1 with none missed', missed: 0, max: 1, standing: 'atRisk' },
  ])('$label: $standing', ({ missed, max, standing }) => {
    expect(standingAgainst(missed, max)).toBe(standing)
  })

  it.each([
    { levels: [], worst: 'onTrack' },
    { levels: ['onTrack', 'atRisk'], worst: 'atRisk' },
    { levels: ['overLimit', 'atRisk', 'onTrack'], worst: 'overLimit' },
  ] as const)('the worst of $levels is $worst', ({ levels, worst }) => {
    expect(worstStanding(levels)).toBe(worst)
  })
})

describe('changing the thresholds', () => {
  const by = { by: 'admin@demo.test', at: '2026-11-25T10:00:00Z' }

  it('defaults to at most 5 a year and 10 over the programme', () => {
    expect(DEFAULT_THRESHOLDS).toEqual({ perYear: 5, overall: 10 })
    expect(thresholdSettingsSchema.parse(DEFAULT_THRESHOLD_SETTINGS)).toEqual(
      DEFAULT_THRESHOLD_SETTINGS,
    )
  })

  it('keeps each change in the history, oldest first', () => {
    const first = changeThresholds(DEFAULT_THRESHOLD_SETTINGS, { perYear: 4, overall: 8 }, by)
    if (!first.ok) throw new Error('refused')
    const second = changeThresholds(
      first.settings,
      { perYear: 6, overall: 8 },
      { ...by, at: 'later' },
    )
    if (!second.ok) throw new Error('refused')
    expect(second.settings.thresholds).toEqual({ perYear: 6, overall: 8 })
    expect(second.settings.history).toEqual([
      { ...by, from: { perYear: 5, overall: 10 }, to: { perYear: 4, overall: 8 } },
      { by: by.by, at: 'later', from: { perYear: 4, overall: 8 }, to: { perYear: 6, overall: 8 } },
    ])
    expect(thresholdSettingsSchema.safeParse(second.settings).success).toBe(true)
  })

  it('the same limits again change nothing and add no entry', () => {
    const result = changeThresholds(DEFAULT_THRESHOLD_SETTINGS, { perYear: 5, overall: 10 }, by)
    expect(result).toEqual({ ok: true, changed: false, settings: DEFAULT_THRESHOLD_SETTINGS })
  })

  it.each([
    { label: 'zero', next: { perYear: 0, overall: 10 } },
    { label: 'a fraction', next: { perYear: 2.5, overall: 10 } },
    { label: 'more than a year has days', next: { perYear: 5, overall: 366 } },
    { label: 'a year allowed more than the programme', next: { perYear: 6, overall: 5 } },
    { label: 'a missing limit', next: { perYear: 5 } },
    { label: 'an unknown field', next: { perYear: 5, overall: 10, perSegment: 2 } },
    { label: 'not an object', next: 'five' },
  ])('refuses $label with a bilingual reason, changing nothing', ({ next }) => {
    const result = changeThresholds(DEFAULT_THRESHOLD_SETTINGS, next, by)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.message.sl).toMatch(/meji/)
    expect(result.message.en).toMatch(/limits/)
    expect(DEFAULT_THRESHOLD_SETTINGS.history).toEqual([])
  })
})
