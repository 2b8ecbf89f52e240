// The calendar's rules as an editor meets them: what is wrong with a proposed calendar, in both
// languages, and the bulk way to lay out a block ("every day from … to … except …"). The rules
// themselves are the data schema's (dataSchema.ts); this turns its refusal into sentences
// (docs/product-rules.md#the-calendar-as-data).
import type { z } from 'zod'
import { splitBilingual, type Bilingual } from '../messages/bilingual'
import { blockDataSchema, scheduleDataSchema, type BlockDataInput } from './dataSchema'
import { addDays, daysBetween, isDayStr, isoWeekday } from './time'

/** Where in the data an issue is, as an editor reads it: "blocks.2.from". */
function pathOf(issue: z.core.$ZodIssue): string {
  return issue.path.map(String).join('.')
}

function problemOf(issue: z.core.$ZodIssue): Bilingual {
  const where = pathOf(issue)
  if (issue.message.includes(' EN ')) {
    const { sl, en } = splitBilingual(issue.message)
    return where ? { sl: `${where}: ${sl}`, en: `${where}: ${en}` } : { sl, en }
  }
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.join(', ')
    const at = where ? `${where}: ` : ''
    return { sl: `${at}neznana polja ${keys}`, en: `${at}unknown fields ${keys}` }
  }
  return {
    sl: `neveljavna vrednost: ${where || 'urnik'}`,
    en: `invalid value: ${where || 'calendar'}`,
  }
}

/** What keeps `data` from being a calendar, one sentence per problem; empty when it is one. */
export function calendarProblems(data: unknown): Bilingual[] {
  const parsed = scheduleDataSchema().safeParse(data)
  return parsed.success ? [] : parsed.error.issues.map(problemOf)
}

/** What keeps `block` from being a block, before it is set among the others; empty when none. */
export function blockProblems(block: unknown): Bilingual[] {
  const parsed = blockDataSchema().safeParse(block)
  return parsed.success ? [] : parsed.error.issues.map(problemOf)
}

/** A block laid out in bulk: every date from `from` to `to`, less the dates excepted. */
export interface DayRange {
  from: string
  to: string
  /** ISO weekdays (1 Monday … 7 Sunday) with no training. */
  exceptWeekdays?: readonly number[]
  /** Single dates with no training (holidays). */
  exceptDates?: readonly string[]
}

/**
 * The block data for "every day from … to … except …": the excepted dates inside become free
 * days, and excepted dates at either end move the block's first or last day inward, since a
 * block opens and closes with a study day. Null when the range holds no study day (or is no
 * range of dates); `block` gives everything else a block has.
 */
export function everyDayExcept(
  range: DayRange,
  block: Omit<BlockDataInput, 'from' | 'to' | 'freeDays'>,
): BlockDataInput | null {
  if (!isDayStr(range.from) || !isDayStr(range.to)) return null
  const length = daysBetween(range.from, range.to)
  if (length < 0) return null
  const weekdays = new Set(range.exceptWeekdays ?? [])
  const dates = new Set(range.exceptDates ?? [])
  const free = (dayStr: string) => weekdays.has(isoWeekday(dayStr)) || dates.has(dayStr)
  const all = Array.from({ length: length + 1 }, (_, offset) => addDays(range.from, offset))
  const study = all.filter((dayStr) => !free(dayStr))
  const first = study[0]
  const last = study[study.length - 1]
  if (first === undefined || last === undefined) return null
  return {
    ...block,
    from: first,
    to: last,
    freeDays: all.filter((dayStr) => dayStr > first && dayStr < last && free(dayStr)),
  }
}
