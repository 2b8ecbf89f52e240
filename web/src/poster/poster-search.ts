// The poster's choices live in the URL (`/poster?year=2&size=A3`), so a link prints the same
// sheet; anything malformed falls back to the defaults.
import { z } from 'zod'
import { defaultSelection } from '@lfit/domain/schedule'
import { posterYears } from '@lfit/domain/poster/poster'

export const POSTER_SIZES = ['A4', 'A3'] as const
export type PosterSize = (typeof POSTER_SIZES)[number]

export const posterSearchSchema = z.object({
  year: z.coerce.number().int().min(1).max(5).optional().catch(undefined),
  size: z.enum(POSTER_SIZES).optional().catch(undefined),
})

export interface PosterChoice {
  year: number
  size: PosterSize
}

/** The chosen year when it has blocks, else the year the timetable opens on. */
export function posterChoice(searchStr: string, now: number): PosterChoice {
  const search = posterSearchSchema.parse(Object.fromEntries(new URLSearchParams(searchStr)))
  const years = posterYears()
  const year =
    search.year !== undefined && years.includes(search.year)
      ? search.year
      : defaultSelection(now).year
  return { year, size: search.size ?? 'A4' }
}

export function posterHref(choice: PosterChoice): string {
  return `/poster?year=${choice.year}&size=${choice.size}`
}
