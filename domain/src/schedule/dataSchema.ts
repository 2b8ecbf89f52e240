// The shape of the calendar data, checked before anything is derived from it, so that a mistake
// in an editor's change (or in data.ts, the first version) is refused instead of showing a wrong
// timetable. Messages are in the product's two-language form ('sl EN en', splitBilingual), so
// /api/calendar answers them in both languages (docs/0047-the-calendar-is-data.md).
import { z } from 'zod'
import { EXTRA_MATERIAL_SEGMENT, KNOWN_SEGMENTS, YEARS } from './programme'
import { daysBetween, isDayStr, isHourStr } from './time'

/**
 * The schemas, built by `scheduleDataSchema()` on first use rather than when the module loads:
 * built, they cost a slow phone tens of milliseconds, which the app's start runs as a task of
 * its own before it derives the schedule (web/src/timetable/schedule-ready.ts, docs/0024).
 */
function buildSchemas() {
  const dayStr = z
    .string()
    .refine(isDayStr, 'datum v obliki LLLL-MM-DD EN a calendar date YYYY-MM-DD')
  const hourStr = z.string().refine(isHourStr, 'ura v obliki UU:MM EN a time HH:MM')
  /** Where training takes place, as participants read it: the studio's name and city. */
  const venue = z.string().trim().min(1, 'kraj mora biti naveden EN a venue names a place')
  /** A text shown to participants, in both languages of the app. */
  const bilingualText = z.object({ sl: z.string().min(1), en: z.string().min(1) }).strict()

  const hoursSchema = z
    .object({ from: hourStr, to: hourStr })
    .strict()
    .refine(
      (hours) => hours.from < hours.to,
      'ura konca mora biti za uro začetka EN hours end after they start',
    )

  const blockDataSchema = z
    .object({
      year: z
        .number()
        .int()
        .min(Math.min(...YEARS))
        .max(Math.max(...YEARS)),
      segment: z
        .number()
        .int()
        .refine(
          (segment) => KNOWN_SEGMENTS.includes(segment),
          'segment programa EN a segment of the programme',
        ),
      from: dayStr,
      to: dayStr,
      headerName: z.string().min(1),
      trainer: z.string(),
      assistants: z.array(z.string()).default([]),
      alsoAssisting: z.array(z.string()).default([]),
      comment: bilingualText.optional(),
      /** Replaces the programme's venue for this block. */
      venue: venue.optional(),
      review: z.boolean().default(false),
      makeup: z.boolean().default(false),
      alwaysShow: z.boolean().default(false),
      doNotAutoSelect: z.boolean().default(false),
      /** Dates inside the block with no training; every other date, weekends too, is a study day. */
      freeDays: z.array(dayStr).default([]),
      /** Hours that replace the default hours of a study day. */
      specialHours: z.record(dayStr, hoursSchema).default({}),
    })
    .strict()
    .superRefine((block, ctx) => {
      const sl = `blok ${block.from}`
      const en = `block ${block.from}`
      const issue = (slText: string, enText: string) =>
        ctx.addIssue({ code: 'custom', message: `${sl}: ${slText} EN ${en}: ${enText}` })
      // A date that is no date has its own issue; the rules below compare dates.
      if (!isDayStr(block.from) || !isDayStr(block.to)) return
      if (daysBetween(block.from, block.to) < 0) {
        issue('konča se, preden se začne', 'ends before it starts')
      }
      // The extra-material segment is a period when material is available, not training: it has
      // no study days, so free days or hours inside it would mean nothing.
      const hasDayData = block.freeDays.length > 0 || Object.keys(block.specialHours).length > 0
      if (block.segment === EXTRA_MATERIAL_SEGMENT && hasDayData) {
        issue('dodatno gradivo nima učnih dni', 'extra material has no study days')
        return
      }
      // A block opens and closes with a study day, so its first and last days have hours.
      for (const free of block.freeDays) {
        if (!(block.from < free && free < block.to)) {
          issue(
            `prost dan ${free} ni znotraj bloka (prvi in zadnji dan sta učna)`,
            `free day ${free} not strictly inside`,
          )
        }
      }
      if (new Set(block.freeDays).size !== block.freeDays.length) {
        issue('prost dan je naveden dvakrat', 'a free day is listed twice')
      }
      for (const special of Object.keys(block.specialHours)) {
        if (special < block.from || special > block.to || block.freeDays.includes(special)) {
          issue(
            `posebne ure na ${special}, ki ni učni dan bloka`,
            `special hours on ${special}, no study day`,
          )
        }
      }
    })

  const scheduleDataSchema = z
    .object({
      /** The programme's venue: where every block takes place unless it names its own. */
      venue,
      blocks: z.array(blockDataSchema).min(1),
    })
    .strict()
    .superRefine((data, ctx) => {
      // Day ids are dates, so two blocks may never share one. The extra-material period has no
      // days (it is when year 5's material is available), so blocks are planned inside it.
      const byStart = data.blocks
        .filter((block) => block.segment !== EXTRA_MATERIAL_SEGMENT)
        .toSorted((a, b) => a.from.localeCompare(b.from))
      for (let i = 1; i < byStart.length; i++) {
        const previous = byStart[i - 1]
        const block = byStart[i]
        if (previous && block && block.from <= previous.to) {
          ctx.addIssue({
            code: 'custom',
            message: `bloka ${previous.from} in ${block.from} se prekrivata EN blocks ${previous.from} and ${block.from} overlap`,
          })
        }
      }
      // Counting days in a segment and listing segments per year both assume this.
      const yearOfSegment = new Map<number, number>()
      for (const block of data.blocks) {
        const year = yearOfSegment.get(block.segment) ?? block.year
        if (year !== block.year) {
          ctx.addIssue({
            code: 'custom',
            message: `segment ${block.segment} je v dveh letnikih EN segment ${block.segment} is in two years`,
          })
        }
        yearOfSegment.set(block.segment, year)
      }
      if (data.blocks.every((block) => block.doNotAutoSelect)) {
        ctx.addIssue({
          code: 'custom',
          message:
            'vsaj en blok mora biti izbran privzeto EN at least one block can be selected by default',
        })
      }
    })
  return { hoursSchema, blockDataSchema, scheduleDataSchema }
}

type Schemas = ReturnType<typeof buildSchemas>
let schemas: Schemas | undefined

/** The schema the schedule data must fit: made once, the first time it is asked for. */
export function scheduleDataSchema(): Schemas['scheduleDataSchema'] {
  schemas ??= buildSchemas()
  return schemas.scheduleDataSchema
}

/** The schema one block's data must fit (the rules between blocks are the calendar's). */
export function blockDataSchema(): Schemas['blockDataSchema'] {
  schemas ??= buildSchemas()
  return schemas.blockDataSchema
}

export type BlockDataInput = z.input<Schemas['blockDataSchema']>
export type BlockData = z.output<Schemas['blockDataSchema']>
export type ScheduleDataInput = z.input<Schemas['scheduleDataSchema']>
export type ScheduleData = z.output<Schemas['scheduleDataSchema']>
export type Hours = z.output<Schemas['hoursSchema']>
