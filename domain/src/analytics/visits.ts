// The administrator's visit statistics (/analitika): the request for a span of days and the
// answer, aggregates only. Page views are anonymous (web/public/a/script.js sends the path, the
// language and the screen width, never who), and the answer holds counts per day and per page,
// so it cannot name a person. Server and web share these schemas (docs/access-policy.md#visits).
import { z } from 'zod'
import { addDays, daysBetween, isDayStr, localDayStr, startOfDay } from '../schedule/time'

/** The longest span one request may ask for: a year, so the work per request is bounded. */
export const VISITS_MAX_DAYS = 366
/** The span shown when none is asked for: the last 30 days, today included. */
export const VISITS_DEFAULT_DAYS = 30
/** The pages listed, most visited first: the rest are counted in the total only. */
export const VISITS_TOP_PAGES = 50

/** Bilingual messages in the product's form ('sl EN en'), as the forms show them. */
export const VISITS_MESSAGES = {
  day: 'datum mora biti v obliki LLLL-MM-DD EN a date is written YYYY-MM-DD',
  order: 'začetek ne sme biti za koncem EN the start must not be after the end',
  unknown: 'zahteva pozna le polji from in to EN the request knows only the fields from and to',
  span: `obdobje je lahko dolgo največ ${VISITS_MAX_DAYS} dni EN a span is at most ${VISITS_MAX_DAYS} days`,
} as const

const daySchema = z
  .string({ error: VISITS_MESSAGES.day })
  .max(10, { error: VISITS_MESSAGES.day })
  .refine(isDayStr, { error: VISITS_MESSAGES.day })

/** What a caller may ask: both ends optional (the default span ends today). */
export const visitsRequestSchema = z
  .strictObject(
    { from: daySchema.optional(), to: daySchema.optional() },
    { error: VISITS_MESSAGES.unknown },
  )
  .superRefine((request, context) => {
    if (!request.from || !request.to) return
    if (request.from > request.to) {
      context.addIssue({ code: 'custom', path: ['from'], message: VISITS_MESSAGES.order })
    } else if (daysBetween(request.from, request.to) + 1 > VISITS_MAX_DAYS) {
      context.addIssue({ code: 'custom', path: ['to'], message: VISITS_MESSAGES.span })
    }
  })
export type VisitsRequest = z.output<typeof visitsRequestSchema>

export interface VisitsSpan {
  from: string
  to: string
  /** Epoch milliseconds: the start of `from` and of the day after `to`, in Ljubljana. */
  start: number
  end: number
}

/**
 * The span a request asks for, its missing ends filled in: the default span ends today, a span
 * given only its start runs the default length from it, one given only its end runs up to it.
 */
export function visitsSpan(request: VisitsRequest, now: number): VisitsSpan {
  const last = VISITS_DEFAULT_DAYS - 1
  const to = request.to ?? (request.from ? addDays(request.from, last) : localDayStr(now))
  const from = request.from ?? addDays(to, -last)
  return { from, to, start: startOfDay(from), end: startOfDay(addDays(to, 1)) }
}

const countSchema = z.number().int().nonnegative()

export const visitsAnswerSchema = z.object({
  from: z.string(),
  to: z.string(),
  total: countSchema,
  /** Every day of the span, in order, days without a visit included (0). */
  days: z.array(z.object({ day: z.string(), visits: countSchema })),
  /** The most visited pages, most first (at most VISITS_TOP_PAGES). */
  pages: z.array(z.object({ path: z.string(), visits: countSchema })),
})
export type VisitsAnswer = z.output<typeof visitsAnswerSchema>

/** Hourly counts (by the hour's start, epoch ms) as the days of the span, in Ljubljana. */
export function visitsPerDay(
  span: VisitsSpan,
  hours: readonly { hour: number; visits: number }[],
): { day: string; visits: number }[] {
  const days = new Map<string, number>()
  for (let day = span.from; day <= span.to; day = addDays(day, 1)) days.set(day, 0)
  // Ljubljana's offset is whole hours, so every hour lies within one local day.
  for (const { hour, visits } of hours) {
    const day = localDayStr(hour)
    const counted = days.get(day)
    if (counted !== undefined) days.set(day, counted + visits)
  }
  return [...days].map(([day, visits]) => ({ day, visits }))
}
