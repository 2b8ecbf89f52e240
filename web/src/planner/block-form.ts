// The planner's block form (/urejanjeUrnika): what the editor fills in, read into a block's data
// and checked by the domain's own schemas (the block's rules, then the calendar's with the other
// blocks), so a mistake is named next to its field, in the product's words, before anything is
// sent (docs/0049-devices-follow-the-calendar.md). Study and free days are given in bulk: every
// day from the first to the last, except the weekdays ticked and the dates listed.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import {
  addDays,
  blockDataOf,
  blockDataSchema,
  daysBetween,
  EXTRA_MATERIAL_SEGMENT,
  isoWeekday,
  MAKEUP_SEGMENT,
  scheduleDataSchema,
  type BlockDataInput,
  type BlockRecord,
  type ScheduleDataInput,
} from '@lfit/domain/schedule'

export type BlockKind = 'regular' | 'review' | 'makeupDays' | 'extraMaterial'
export const BLOCK_KINDS: readonly BlockKind[] = [
  'regular',
  'review',
  'makeupDays',
  'extraMaterial',
]

export interface HoursForm {
  from: string
  to: string
}

export interface BlockForm {
  year: string
  segment: string
  kind: BlockKind
  from: string
  to: string
  headerName: string
  trainer: string
  /** One name a line. */
  assistants: string
  venue: string
  commentSl: string
  commentEn: string
  /** ISO weekdays (1 Monday … 7 Sunday) with no training inside the block. */
  freeWeekdays: number[]
  /** Further dates with no training. */
  freeDates: string[]
  /** Hours of study days that differ from the default hours. */
  specialHours: Record<string, HoursForm>
  /** Kept as they were: the form does not edit them. */
  alsoAssisting: string[]
  alwaysShow: boolean
  doNotAutoSelect: boolean
}

export type BlockFormField =
  | 'year'
  | 'segment'
  | 'kind'
  | 'from'
  | 'to'
  | 'headerName'
  | 'venue'
  | 'comment'
  | 'freeDays'
  | 'specialHours'

export type BlockFormErrors = Partial<Record<BlockFormField, MessageDescriptor>>

export const EMPTY_BLOCK_FORM: BlockForm = {
  year: '1',
  segment: '1',
  kind: 'regular',
  from: '',
  to: '',
  headerName: '',
  trainer: '',
  assistants: '',
  venue: '',
  commentSl: '',
  commentEn: '',
  freeWeekdays: [],
  freeDates: [],
  specialHours: {},
  alsoAssisting: [],
  alwaysShow: false,
  doNotAutoSelect: false,
}

export function kindOf(block: Pick<BlockDataInput, 'segment' | 'review' | 'makeup'>): BlockKind {
  if (block.segment === EXTRA_MATERIAL_SEGMENT) return 'extraMaterial'
  if (block.makeup || block.segment === MAKEUP_SEGMENT) return 'makeupDays'
  return block.review ? 'review' : 'regular'
}

/** The dates from `from` to `to`, both included ('' or reversed: none). */
export function datesOf(from: string, to: string): string[] {
  if (!from || !to) return []
  const count = daysBetween(from, to) + 1
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(from, i))
}

/**
 * A stored block as the form shows it. A weekday that falls inside the block more than once, free
 * every time, is ticked; the other free dates are listed (a weekday met once is a date).
 */
export function formOfBlock(record: BlockRecord): BlockForm {
  const inside = datesOf(record.from, record.to).slice(1, -1)
  const free = new Set(record.freeDays)
  const freeWeekdays = [1, 2, 3, 4, 5, 6, 7].filter((weekday) => {
    const dates = inside.filter((day) => isoWeekday(day) === weekday)
    return dates.length > 1 && dates.every((day) => free.has(day))
  })
  return {
    year: String(record.year),
    segment: String(record.segment),
    kind: kindOf(record),
    from: record.from,
    to: record.to,
    headerName: record.headerName,
    trainer: record.trainer,
    assistants: record.assistants.join('\n'),
    venue: record.venue ?? '',
    commentSl: record.comment?.sl ?? '',
    commentEn: record.comment?.en ?? '',
    freeWeekdays,
    freeDates: record.freeDays.filter((day) => !freeWeekdays.includes(isoWeekday(day))),
    specialHours: { ...record.specialHours },
    alsoAssisting: [...record.alsoAssisting],
    alwaysShow: record.alwaysShow,
    doNotAutoSelect: record.doNotAutoSelect,
  }
}

/** The free days the form's rule gives: dates strictly inside the block, by weekday or listed. */
export function freeDaysOf(form: Pick<BlockForm, 'from' | 'to' | 'freeWeekdays' | 'freeDates'>) {
  return datesOf(form.from, form.to)
    .slice(1, -1)
    .filter((day) => form.freeWeekdays.includes(isoWeekday(day)) || form.freeDates.includes(day))
}

/** The study days the form gives, in date order (none for extra material). */
export function studyDaysOf(form: BlockForm): string[] {
  if (form.kind === 'extraMaterial') return []
  const free = new Set(freeDaysOf(form))
  return datesOf(form.from, form.to).filter((day) => !free.has(day))
}

const defaultName: Record<BlockKind, (segment: number) => string> = {
  regular: (segment) => `Segment ${segment}`,
  review: (segment) => `Segment ${segment}`,
  makeupDays: () => 'Make-up days',
  extraMaterial: () => 'Extra material',
}

/** The block's data the form describes (not yet checked). */
export function blockOfForm(form: BlockForm): BlockDataInput {
  const segment =
    form.kind === 'extraMaterial'
      ? EXTRA_MATERIAL_SEGMENT
      : form.kind === 'makeupDays'
        ? MAKEUP_SEGMENT
        : Number(form.segment)
  const study = new Set(studyDaysOf(form))
  const commentSl = form.commentSl.trim()
  const commentEn = form.commentEn.trim()
  const venue = form.venue.trim()
  const extra = form.kind === 'extraMaterial'
  return {
    year: Number(form.year),
    segment,
    from: form.from,
    to: form.to,
    headerName: form.headerName.trim() || defaultName[form.kind](segment),
    trainer: form.trainer.trim(),
    assistants: form.assistants
      .split('\n')
      .map((name) => name.trim())
      .filter(Boolean),
    alsoAssisting: form.alsoAssisting,
    ...(commentSl || commentEn ? { comment: { sl: commentSl, en: commentEn } } : {}),
    ...(venue ? { venue } : {}),
    review: form.kind === 'review',
    makeup: form.kind === 'makeupDays',
    alwaysShow: extra || form.alwaysShow,
    doNotAutoSelect: extra || form.doNotAutoSelect,
    freeDays: extra ? [] : freeDaysOf(form),
    // Hours only of the study days the rule leaves: a day made free loses its special hours.
    specialHours: extra
      ? {}
      : Object.fromEntries(Object.entries(form.specialHours).filter(([day]) => study.has(day))),
  }
}

/** What the planner reads of a schema's issue. */
interface Issue {
  readonly path: readonly PropertyKey[]
  readonly message: string
}

/**
 * Each rule of the domain's schemas in the planner's words, by where the issue is and what its
 * message says (the schemas' messages are for developers and logs).
 */
const ISSUE_WORDS: readonly {
  field: BlockFormField
  path?: string
  says?: RegExp
  words: MessageDescriptor
}[] = [
  { field: 'year', path: 'year', words: msg`Choose the programme year` },
  { field: 'segment', path: 'segment', words: msg`Choose a segment of the programme` },
  { field: 'from', path: 'from', words: msg`Enter the first day, e.g. 5. 12. 2031` },
  { field: 'to', path: 'to', words: msg`Enter the last day, e.g. 9. 12. 2031` },
  { field: 'headerName', path: 'headerName', words: msg`Enter the name the timetable shows` },
  { field: 'venue', path: 'venue', words: msg`The venue names a place` },
  { field: 'comment', path: 'comment', words: msg`Write the comment in both languages` },
  { field: 'specialHours', path: 'specialHours', words: msg`The hours end after they start` },
  { field: 'to', says: /ends before it starts/, words: msg`The last day is not before the first` },
  {
    field: 'kind',
    says: /extra material has no study days/,
    words: msg`Extra material has no study days, free days or hours`,
  },
  {
    field: 'freeDays',
    says: /free day .* not strictly inside|free day is listed twice/,
    words: msg`The block opens and closes with a study day; free days lie between them`,
  },
  {
    field: 'specialHours',
    says: /special hours on/,
    words: msg`Special hours are given for study days of the block only`,
  },
  {
    field: 'from',
    says: /overlap/,
    words: msg`These dates overlap another block (blocks never share a day)`,
  },
  {
    field: 'segment',
    says: /is in two years/,
    words: msg`This segment belongs to another programme year`,
  },
  {
    field: 'kind',
    says: /can be selected by default/,
    words: msg`At least one block must be shown by default`,
  },
]

function wordsOf(issue: Issue): { field: BlockFormField; words: MessageDescriptor } {
  const path = String(issue.path[0] ?? '')
  const found =
    ISSUE_WORDS.find((rule) => rule.says?.test(issue.message)) ??
    ISSUE_WORDS.find((rule) => rule.path !== undefined && rule.path === path)
  return found ?? { field: 'from', words: msg`These dates do not make a block` }
}

export type ReadBlockForm =
  { ok: true; block: BlockDataInput } | { ok: false; errors: BlockFormErrors }

/**
 * The block the form describes, checked by the domain's rules of one block and, with the other
 * blocks of `calendar` (the block being edited left out of it), by the calendar's.
 */
export function readBlockForm(
  form: BlockForm,
  calendar: { venue: string; blocks: readonly BlockRecord[] },
  editing: string | null,
): ReadBlockForm {
  const errors: BlockFormErrors = {}
  if (!form.from) errors.from = msg`Enter the first day, e.g. 5. 12. 2031`
  if (!form.to) errors.to = msg`Enter the last day, e.g. 9. 12. 2031`
  if (form.kind !== 'extraMaterial' && form.from && form.to) {
    const ends = [form.from, form.to].filter((day) => form.freeWeekdays.includes(isoWeekday(day)))
    const outside = form.freeDates.filter((day) => day <= form.from || day >= form.to)
    if (ends.length > 0 || outside.length > 0) {
      errors.freeDays = msg`The block opens and closes with a study day; free days lie between them`
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  const block = blockOfForm(form)
  const own = blockDataSchema().safeParse(block)
  const others = calendar.blocks.filter((record) => !record.deleted && record._id !== editing)
  const whole: ScheduleDataInput = {
    venue: calendar.venue,
    blocks: [...others.map(blockDataOf), block],
  }
  const issues = own.success
    ? (scheduleDataSchema().safeParse(whole).error?.issues ?? [])
    : own.error.issues
  for (const issue of issues) {
    const { field, words } = wordsOf(issue)
    errors[field] ??= words
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, block }
}
