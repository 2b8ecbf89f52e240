// The shape of the programme that the schedule data must fit (docs/product-rules.md#schedule). Dates live in
// data.ts; these numbers do not change when real dates replace the example ones.

/** Every date and hour of the programme is a wall-clock time in the studio's city. */
export const PROGRAMME_TIME_ZONE = 'Europe/Ljubljana'

export const YEARS = [1, 2, 3, 4, 5] as const

/** Segments 1 to 12 are the regular teaching segments; they run across years 1 to 4. */
export const REGULAR_SEGMENTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const
export const REGULAR_SEGMENT_YEARS = [1, 2, 3, 4] as const

export const MAKEUP_SEGMENT = 21
export const EXTRA_MATERIAL_SEGMENT = 99

export const KNOWN_SEGMENTS: readonly number[] = [
  ...REGULAR_SEGMENTS,
  MAKEUP_SEGMENT,
  EXTRA_MATERIAL_SEGMENT,
]

/**
 * The product lists these numbers with no stated purpose. They are kept here, unused, so that the
 * one place to look is obvious once someone learns what they mean; nothing may rely on a guess.
 */
export const UNEXPLAINED_NUMBERS_FROM_SPEC = [3, 4, 5, 7, 20] as const
