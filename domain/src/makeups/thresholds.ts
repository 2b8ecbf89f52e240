// The programme's attendance limits (docs/product-rules.md#make-ups-and-attendance-rules): how
// many study days a participant may miss in one programme year and over the whole programme
// and still be certified. They are settings an admin edits; every change is kept in a history.
import { z } from 'zod'
import type { Bilingual } from '../messages/bilingual'

/** The largest limit an admin can set: more than every study day of a year. */
export const MAX_THRESHOLD = 365

const limit = z.number().int().min(1).max(MAX_THRESHOLD)

export const thresholdsSchema = z
  .object({
    /** At most this many missed study days in one programme year. */
    perYear: limit,
    /** At most this many missed study days over the whole programme. */
    overall: limit,
  })
  .strict()
  .refine(
    (thresholds) => thresholds.perYear <= thresholds.overall,
    'the limit for the programme is at least the limit for one year',
  )
export type Thresholds = z.output<typeof thresholdsSchema>

export const DEFAULT_THRESHOLDS: Thresholds = Object.freeze({ perYear: 5, overall: 10 })

export const thresholdChangeSchema = z.object({
  /** ISO 8601 date-time. */
  at: z.string().min(1),
  /** Username of the admin who changed them. */
  by: z.string().min(1),
  from: thresholdsSchema,
  to: thresholdsSchema,
})
export type ThresholdChange = z.output<typeof thresholdChangeSchema>

/** The setting as stored: the limits in force and every change, oldest first. */
export const thresholdSettingsSchema = z.object({
  thresholds: thresholdsSchema,
  history: z.array(thresholdChangeSchema),
})
export type ThresholdSettings = z.output<typeof thresholdSettingsSchema>

export const DEFAULT_THRESHOLD_SETTINGS: ThresholdSettings = Object.freeze({
  thresholds: DEFAULT_THRESHOLDS,
  history: [],
})

export type ThresholdChangeResult =
  { ok: true; settings: ThresholdSettings; changed: boolean } | { ok: false; message: Bilingual }

/**
 * Sets new limits, adding the change to the history. Pure: the server stores what this answers;
 * limits that break the schema are refused and change nothing; the same limits again add no entry.
 */
export function changeThresholds(
  settings: ThresholdSettings,
  next: unknown,
  change: { by: string; at: string },
): ThresholdChangeResult {
  const parsed = thresholdsSchema.safeParse(next)
  if (!parsed.success) {
    return {
      ok: false,
      message: {
        sl: `meji morata biti celi števili od 1 do ${MAX_THRESHOLD}, meja za program pa vsaj tolikšna kot meja za leto`,
        en: `both limits are whole numbers from 1 to ${MAX_THRESHOLD}, and the programme's limit is at least the year's`,
      },
    }
  }
  const to = parsed.data
  const from = settings.thresholds
  if (from.perYear === to.perYear && from.overall === to.overall) {
    return { ok: true, settings, changed: false }
  }
  const entry: ThresholdChange = { at: change.at, by: change.by, from, to }
  return {
    ok: true,
    changed: true,
    settings: { thresholds: to, history: [...settings.history, entry] },
  }
}

/** docs/product-rules.md#make-ups-and-attendance-rules, ordered from best to worst. */
export const STANDINGS = ['onTrack', 'atRisk', 'overLimit'] as const
export type StandingLevel = (typeof STANDINGS)[number]

/**
 * Where `missed` days stand against a limit of "at most `max`": over it once more days are
 * missed than allowed; at risk one day before the limit and at it (one more miss is then too
 * many); on track below that.
 */
export function standingAgainst(missed: number, max: number): StandingLevel {
  if (missed > max) return 'overLimit'
  if (missed >= max - 1) return 'atRisk'
  return 'onTrack'
}

export function worstStanding(levels: Iterable<StandingLevel>): StandingLevel {
  let worst: StandingLevel = 'onTrack'
  for (const level of levels) {
    if (STANDINGS.indexOf(level) > STANDINGS.indexOf(worst)) worst = level
  }
  return worst
}
