// The calendar as synced records (collection `calendar`): one record for the programme's
// settings and one per block, each keyed by a `blockKey` that never changes once made, so a block
// keeps its identity (and its history, and its calendar events' UIDs) while its dates move. The
// derived ids (`lfit_year_{year}_{YYYYMMDD}` for blocks, `lfit_{YYYYMMDD}` for days) stay exactly
// as the first version made them, so nothing recorded changes meaning
// (docs/0047-the-calendar-is-data.md).
import { z } from 'zod'
import { syncedRecordSchema, type SyncedRecord } from '../records/synced'
import { blockId } from './blocks'
import {
  blockDataSchema,
  scheduleDataSchema,
  type BlockDataInput,
  type ScheduleDataInput,
} from './dataSchema'

/** The `_id` of the programme's settings record. */
export const PROGRAMME_RECORD_ID = 'programme'

/** The first version's block keys are its block ids; blocks made in the app get `cal_…`. */
const BLOCK_KEY = /^(?:lfit_year_\d_\d{8}|cal_[A-Za-z0-9_-]{1,40})$/

export function isBlockKey(id: string): boolean {
  return BLOCK_KEY.test(id)
}

/** A new block's key, from random text the caller makes (the server's id generator). */
export function newBlockKey(random: string): string {
  return `cal_${random}`
}

export interface ProgrammeRecord extends SyncedRecord {
  kind: 'programme'
  /** Changes since it was first stored: part of every calendar event's SEQUENCE. */
  revision: number
  /** Where every block takes place unless it names its own. */
  venue: string
}

interface Hours {
  from: string
  to: string
}

export interface BlockRecord extends SyncedRecord {
  kind: 'block'
  /** A deleted block stays as a record, so devices learn of the deletion at their next pull. */
  deleted: boolean
  /**
   * Changes since it was first stored (undo included): its calendar events' SEQUENCE, so a
   * calendar app replaces an event it holds (RFC 5545 §3.8.7.4).
   */
  revision: number
  year: number
  segment: number
  from: string
  to: string
  headerName: string
  trainer: string
  assistants: string[]
  alsoAssisting: string[]
  /** null: none (a synced field is cleared by setting it, never by leaving it out). */
  comment?: { sl: string; en: string } | null
  venue?: string | null
  review: boolean
  makeup: boolean
  alwaysShow: boolean
  doNotAutoSelect: boolean
  freeDays: string[]
  specialHours: Record<string, Hours>
}

export type CalendarRecord = ProgrammeRecord | BlockRecord

/** The fields of a block record that are a block's data (BlockData), in the data's order. */
export const BLOCK_FIELDS = [
  'year',
  'segment',
  'from',
  'to',
  'headerName',
  'trainer',
  'assistants',
  'alsoAssisting',
  'comment',
  'venue',
  'review',
  'makeup',
  'alwaysShow',
  'doNotAutoSelect',
  'freeDays',
  'specialHours',
] as const

// The shapes only: whether the dates make a calendar is decided by the data schema when the
// records become the current calendar (replaceCalendar), which a device runs after each pull.
const hours = z.object({ from: z.string(), to: z.string() })
const blockShape = {
  year: z.number(),
  segment: z.number(),
  from: z.string(),
  to: z.string(),
  headerName: z.string(),
  trainer: z.string(),
  assistants: z.array(z.string()),
  alsoAssisting: z.array(z.string()),
  comment: z.object({ sl: z.string(), en: z.string() }).nullable().optional(),
  venue: z.string().nullable().optional(),
  review: z.boolean(),
  makeup: z.boolean(),
  alwaysShow: z.boolean(),
  doNotAutoSelect: z.boolean(),
  freeDays: z.array(z.string()),
  specialHours: z.record(z.string(), hours),
}

export const programmeRecordSchema = syncedRecordSchema.extend({
  kind: z.literal('programme'),
  revision: z.number(),
  venue: z.string(),
})

export const blockRecordSchema = syncedRecordSchema.extend({
  kind: z.literal('block'),
  deleted: z.boolean(),
  revision: z.number(),
  ...blockShape,
})

export const calendarRecordSchema: z.ZodType<CalendarRecord> = z.discriminatedUnion('kind', [
  programmeRecordSchema,
  blockRecordSchema,
])

/** The fields one server-made edit of a calendar record may set. */
export const calendarFieldsSchema = z
  .object({
    kind: z.enum(['programme', 'block']),
    deleted: z.boolean(),
    revision: z.number().int().min(0),
    ...blockShape,
  })
  .partial()
  .strict()
  .refine((fields) => Object.keys(fields).length > 0, 'an edit changes at least one field')

/** The record an edit of a new calendar id starts from; null for an id that is no key. */
export function emptyCalendarRecord(id: string): CalendarRecord | null {
  if (id === PROGRAMME_RECORD_ID) {
    return { _id: id, kind: 'programme', revision: 0, venue: '', stamps: {} }
  }
  if (!isBlockKey(id)) return null
  return {
    _id: id,
    kind: 'block',
    deleted: false,
    revision: 0,
    year: 0,
    segment: 0,
    from: '',
    to: '',
    headerName: '',
    trainer: '',
    assistants: [],
    alsoAssisting: [],
    comment: null,
    venue: null,
    review: false,
    makeup: false,
    alwaysShow: false,
    doNotAutoSelect: false,
    freeDays: [],
    specialHours: {},
    stamps: {},
  }
}

/**
 * A block's data as a record's fields: defaults filled, an absent comment or venue as null.
 * Throws a ZodError when the block breaks the rules of one block.
 */
export function blockFields(
  block: BlockDataInput,
): Omit<BlockRecord, '_id' | 'stamps' | 'kind' | 'revision'> {
  const parsed = blockDataSchema().parse(block)
  return {
    deleted: false,
    ...parsed,
    comment: parsed.comment ?? null,
    venue: parsed.venue ?? null,
  }
}

/** A block record's data, as the data schema reads it (null fields left out). */
export function blockDataOf(record: BlockRecord): BlockDataInput {
  const data: Record<string, unknown> = {}
  for (const field of BLOCK_FIELDS) {
    const value = record[field]
    if (value !== null && value !== undefined) data[field] = value
  }
  return data as BlockDataInput
}

/**
 * The calendar data the records describe: the programme's venue and every block not deleted,
 * in date order. Not validated here: `replaceCalendar` (or `buildSchedule`) does that.
 */
export function calendarDataFromRecords(records: readonly CalendarRecord[]): ScheduleDataInput {
  const programme = records.find((record) => record.kind === 'programme')
  const blocks = records
    .filter((record): record is BlockRecord => record.kind === 'block' && !record.deleted)
    .map(blockDataOf)
    .sort((a, b) => a.from.localeCompare(b.from))
  return { venue: programme?.venue ?? '', blocks }
}

/**
 * The records of a calendar given as data: its blocks keyed by their block ids (the keys the
 * first version keeps forever) and unstamped (the server stamps what it stores). Throws a
 * ZodError when the data breaks the calendar's rules.
 */
export function calendarRecordsFromData(input: ScheduleDataInput): CalendarRecord[] {
  const data = scheduleDataSchema().parse(input)
  const programme: ProgrammeRecord = {
    _id: PROGRAMME_RECORD_ID,
    kind: 'programme',
    revision: 0,
    venue: data.venue,
    stamps: {},
  }
  return [
    programme,
    ...data.blocks.map((block): BlockRecord => ({
      _id: blockId(block.year, block.from),
      kind: 'block',
      revision: 0,
      ...blockFields(block),
      stamps: {},
    })),
  ]
}

/**
 * The SEQUENCE of each block's calendar events, by its derived block id: the block's revision
 * plus the programme's (its venue is every event's location).
 */
export function eventSequences(records: readonly CalendarRecord[]): Map<string, number> {
  const programme = records.find((record) => record.kind === 'programme')?.revision ?? 0
  const sequences = new Map<string, number>()
  for (const record of records) {
    if (record.kind !== 'block' || record.deleted) continue
    sequences.set(blockId(record.year, record.from), programme + record.revision)
  }
  return sequences
}
