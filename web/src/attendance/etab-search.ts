// The day /ETAB shows lives in the URL (`/ETAB?year=2&segment=5&day=2026-11-17`), so a reload,
// online or offline, and a sign-in reopen the same day. Reading it never fails: a value that is
// not a training day falls back to the default day. Kept free of the schedule's code, because the
// router (in the first chunk) validates the search with it.
import type { StudyDay } from '@lfit/domain/schedule'

export interface EtabSearch {
  year?: number
  segment?: number
  /** YYYY-MM-DD */
  day?: string
  /** A make-up session's id: the sheet is that session instead of a study day. */
  makeup?: string
  /** The day's paper instead of its sheet: the sign-in sheet, or the segment's class list. */
  print?: EtabPrintKind
}

export type EtabPrintKind = 'day' | 'segment'
const PRINT_KINDS: readonly unknown[] = ['day', 'segment'] satisfies EtabPrintKind[]

const wholeNumber = (value: unknown): number | undefined => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : undefined
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The router's search validation for /ETAB: whatever comes in, a valid (maybe empty) choice. */
export function parseEtabSearch(raw: Record<string, unknown>): EtabSearch {
  const year = wholeNumber(raw.year)
  const segment = wholeNumber(raw.segment)
  const day = typeof raw.day === 'string' && DAY.test(raw.day) ? raw.day : undefined
  const makeup =
    typeof raw.makeup === 'string' && raw.makeup.length > 0 && raw.makeup.length <= 200
      ? raw.makeup
      : undefined
  const print = PRINT_KINDS.includes(raw.print) ? (raw.print as EtabPrintKind) : undefined
  return {
    ...(makeup !== undefined && { makeup }),
    ...(print !== undefined && { print }),
    ...(year !== undefined && { year }),
    ...(segment !== undefined && { segment }),
    ...(day !== undefined && { day }),
  }
}

/**
 * The day to show: the day named, else (for a year, or a year and segment, chosen without a day)
 * the fallback day when it is in that choice, the choice's first day not yet over, or its last;
 * else the fallback (the day the attendance tab opens on).
 */
export function resolveEtabDay(
  search: EtabSearch,
  days: readonly StudyDay[],
  fallback: StudyDay | undefined,
  now: number,
): StudyDay | undefined {
  const named = search.day && days.find((d) => d.dayStr === search.day)
  if (named) return named
  if (search.year === undefined) return fallback ?? days[0]
  const chosen = days.filter(
    (d) => d.year === search.year && (search.segment === undefined || d.segment === search.segment),
  )
  if (chosen.length === 0) return fallback ?? days[0]
  if (fallback && chosen.includes(fallback)) return fallback
  return chosen.find((d) => d.to > now) ?? chosen.at(-1)
}

/** The URL's form of a day: all three values, so the address says what is shown. */
export function etabSearchOf(day: StudyDay): Required<Omit<EtabSearch, 'makeup' | 'print'>> {
  return { year: day.year, segment: day.segment, day: day.dayStr }
}
