// What a change of the calendar does to recorded work, decided before anything is stored: which
// study days it removes, what is recorded on them, and whether the editor's decision about that
// work holds (docs/product-rules.md#the-calendar-as-data, docs/0047-the-calendar-is-data.md).
import { z } from 'zod'
import type { Bilingual } from '../messages/bilingual'
import type { Schedule } from './blocks'
import type { StudyDay } from './days'
import { dayId } from './days'
import { isDayStr } from './time'

/**
 * What becomes of the work recorded on the study days a change removes: `move` it to other study
 * days of the new calendar (`to` maps each removed date to its new date, YYYY-MM-DD), or `keep`
 * the days in their blocks as days without training, their records as they are.
 */
export const decisionSchema = z.discriminatedUnion('action', [
  z
    .object({
      action: z.literal('move'),
      to: z.record(
        z.string().refine(isDayStr, 'datum v obliki LLLL-MM-DD EN a calendar date YYYY-MM-DD'),
        z.string().refine(isDayStr, 'datum v obliki LLLL-MM-DD EN a calendar date YYYY-MM-DD'),
      ),
    })
    .strict(),
  z.object({ action: z.literal('keep') }).strict(),
])
export type Decision = z.output<typeof decisionSchema>

/** The study days of `before` that are no study days of `after` (gone, or made free days). */
export function removedStudyDays(before: Schedule, after: Schedule): StudyDay[] {
  return before.days.filter((day): day is StudyDay => {
    if (day.freeDay) return false
    const now = after.dayById.get(day.id)
    return now === undefined || now.freeDay
  })
}

/** What is recorded on one study day (`day` is YYYY-MM-DD). */
export interface DayWork {
  day: string
  /** Attendance marks (records with a mark). */
  attendance: number
  /** Absences whose dates include the day. */
  absences: number
  /** Make-up sessions held on the day or making it up. */
  makeupSessions: number
  /** Day sign-ups and reservations, cancelled ones left out. */
  signups: number
}

export function hasWork(work: DayWork): boolean {
  return work.attendance + work.absences + work.makeupSessions + work.signups > 0
}

const MONTHS_EN = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')

/** A date as each language writes it: "4. 12. 2026", "4 Dec 2026". */
export function dateInWords(dayStr: string): Bilingual {
  const [year, month, day] = dayStr.split('-').map(Number) as [number, number, number]
  return { sl: `${day}. ${month}. ${year}`, en: `${day} ${MONTHS_EN[month - 1]} ${year}` }
}

/** Slovenian noun after a number: forms for 1, 2, 3–4 and 5 or more (and 0). */
function sl(n: number, [one, two, few, many]: readonly [string, string, string, string]): string {
  const hundred = n % 100
  const form =
    hundred === 1 ? one : hundred === 2 ? two : hundred === 3 || hundred === 4 ? few : many
  return `${n} ${form}`
}

function en(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`
}

/** One day's recorded work in words, the kinds with none left out. */
export function dayWorkInWords(work: DayWork): Bilingual {
  const slParts: string[] = []
  const enParts: string[] = []
  if (work.attendance > 0) {
    slParts.push(sl(work.attendance, ['prisotnost', 'prisotnosti', 'prisotnosti', 'prisotnosti']))
    enParts.push(en(work.attendance, 'attendance mark', 'attendance marks'))
  }
  if (work.absences > 0) {
    slParts.push(sl(work.absences, ['odsotnost', 'odsotnosti', 'odsotnosti', 'odsotnosti']))
    enParts.push(en(work.absences, 'absence', 'absences'))
  }
  if (work.makeupSessions > 0) {
    slParts.push(
      sl(work.makeupSessions, ['nadomeščanje', 'nadomeščanji', 'nadomeščanja', 'nadomeščanj']),
    )
    enParts.push(en(work.makeupSessions, 'make-up session', 'make-up sessions'))
  }
  if (work.signups > 0) {
    slParts.push(sl(work.signups, ['prijava', 'prijavi', 'prijave', 'prijav']))
    enParts.push(en(work.signups, 'sign-up or reservation', 'sign-ups or reservations'))
  }
  const date = dateInWords(work.day)
  return {
    sl: `Na dan ${date.sl} je vpisano: ${slParts.join(', ')}.`,
    en: `Recorded on ${date.en}: ${enParts.join(', ')}.`,
  }
}

/** Every day's recorded work in words, one sentence per day with work. */
export function recordedWorkInWords(days: readonly DayWork[]): Bilingual {
  const sentences = days.filter(hasWork).map(dayWorkInWords)
  return {
    sl: sentences.map((s) => s.sl).join(' '),
    en: sentences.map((s) => s.en).join(' '),
  }
}

/** An attendance record holding a mark: who, on which day (`lfit_{YYYYMMDD}`). */
export interface MarkOnDay {
  dayId: string
  participant: string
}

/** One move of a day's records, by day id. */
export interface DayMove {
  from: string
  to: string
}

export type MoveCheck =
  | { ok: true; moves: DayMove[] }
  | { ok: false; code: 'invalidMove'; message: Bilingual }
  | {
      ok: false
      code: 'moveCollision'
      message: Bilingual
      /** Per target date, how many people already have a mark there or get two. */
      collisions: { day: string; people: number }[]
    }

/**
 * Whether moving the work of the removed days holds: every removed day with work is given a
 * date, every date given is a removed study day, every target is a study day of the new calendar,
 * and no person would end up with two marks on one day. A collision is refused with its count,
 * never merged: which of two marks is right is the editor's to say, by clearing one first
 * (docs/0047-the-calendar-is-data.md).
 */
export function checkMove(
  to: Readonly<Record<string, string>>,
  removed: readonly StudyDay[],
  work: readonly DayWork[],
  after: Schedule,
  marks: readonly MarkOnDay[],
): MoveCheck {
  const removedDays = new Set(removed.map((day) => day.dayStr))
  const invalid = (sl: string, en: string): MoveCheck => ({
    ok: false,
    code: 'invalidMove',
    message: { sl, en },
  })
  for (const day of work.filter(hasWork)) {
    if (!(day.day in to)) {
      const date = dateInWords(day.day)
      return invalid(
        `Za dan ${date.sl} z vpisanim delom ni izbran nov dan.`,
        `No new day is chosen for ${date.en}, which has recorded work.`,
      )
    }
  }
  const moves: DayMove[] = []
  for (const [from, target] of Object.entries(to)) {
    const fromDate = dateInWords(from)
    const targetDate = dateInWords(target)
    if (!removedDays.has(from)) {
      return invalid(
        `Dan ${fromDate.sl} ostane učni dan, zato se njegovi zapisi ne premikajo.`,
        `${fromDate.en} stays a study day, so its records do not move.`,
      )
    }
    const day = after.dayById.get(dayId(target))
    if (!day || day.freeDay) {
      return invalid(
        `Dan ${targetDate.sl} ni učni dan novega urnika.`,
        `${targetDate.en} is not a study day of the new calendar.`,
      )
    }
    moves.push({ from: dayId(from), to: dayId(target) })
  }
  const collisions = collisionsOf(moves, marks)
  if (collisions.length === 0) return { ok: true, moves }
  const sl = collisions.map((c) => `${dateInWords(c.day).sl}: ${c.people}`).join(', ')
  const en = collisions.map((c) => `${dateInWords(c.day).en}: ${c.people}`).join(', ')
  return {
    ok: false,
    code: 'moveCollision',
    message: {
      sl: `Na izbranem dnevu bi imeli udeleženci dve prisotnosti (število oseb po dnevih: ${sl}). Najprej počistite eno od njiju.`,
      en: `Participants would have two marks on the chosen day (people per day: ${en}). Clear one of them first.`,
    },
    collisions,
  }
}

/** Per target day, the people who would hold two marks there. */
function collisionsOf(
  moves: readonly DayMove[],
  marks: readonly MarkOnDay[],
): { day: string; people: number }[] {
  const markedOn = new Map<string, Set<string>>()
  for (const mark of marks) {
    const people = markedOn.get(mark.dayId) ?? new Set<string>()
    people.add(mark.participant)
    markedOn.set(mark.dayId, people)
  }
  const arriving = new Map<string, Set<string>>()
  const twice = new Map<string, Set<string>>()
  for (const move of moves) {
    const already = arriving.get(move.to) ?? new Set(markedOn.get(move.to) ?? [])
    for (const person of markedOn.get(move.from) ?? []) {
      if (already.has(person)) {
        const people = twice.get(move.to) ?? new Set<string>()
        people.add(person)
        twice.set(move.to, people)
      }
      already.add(person)
    }
    arriving.set(move.to, already)
  }
  return [...twice]
    .map(([id, people]) => ({
      day: `${id.slice(5, 9)}-${id.slice(9, 11)}-${id.slice(11, 13)}`,
      people: people.size,
    }))
    .sort((a, b) => a.day.localeCompare(b.day))
}

/**
 * Whether `keep` holds: each removed day with work stays a date of a block of the new calendar
 * (a day without training there, its records shown on it). A day the change takes out of every
 * block has nowhere to be kept, so its work must be moved; null when keeping holds.
 */
export function keepProblem(work: readonly DayWork[], after: Schedule): Bilingual | null {
  const outside = work.filter((day) => hasWork(day) && !after.dayById.has(dayId(day.day)))
  if (outside.length === 0) return null
  const sl = outside.map((day) => dateInWords(day.day).sl).join(', ')
  const en = outside.map((day) => dateInWords(day.day).en).join(', ')
  return {
    sl: `Dnevi ${sl} po spremembi niso v nobenem bloku, zato jih ni mogoče obdržati kot dneve brez pouka: vpisano delo premaknite na drug dan.`,
    en: `The days ${en} are in no block after the change, so they cannot be kept as days without training: move their recorded work to another day.`,
  }
}

/** The kinds of change the calendar's history keeps. */
export const CALENDAR_CHANGE_ACTIONS = ['create', 'update', 'delete', 'programme', 'undo'] as const
export type CalendarChangeAction = (typeof CALENDAR_CHANGE_ACTIONS)[number]

/** What a block is called in a summary: its header, year and dates. */
export interface BlockNaming {
  headerName: string
  year: number
  from: string
  to: string
}

/** One line of the history, in both languages. */
export function changeSummary(
  action: Exclude<CalendarChangeAction, 'undo'>,
  subject: BlockNaming | { venue: string },
): Bilingual {
  // A block's state has a venue too (null: the programme's), so the header tells them apart.
  if (!('headerName' in subject)) {
    return { sl: `Kraj programa: ${subject.venue}`, en: `Programme venue: ${subject.venue}` }
  }
  const from = dateInWords(subject.from)
  const to = dateInWords(subject.to)
  const slBlock = `${subject.headerName}, ${subject.year}. letnik, ${from.sl}–${to.sl}`
  const enBlock = `${subject.headerName}, year ${subject.year}, ${from.en}–${to.en}`
  const verbs = {
    create: ['Nov blok', 'New block'],
    update: ['Spremenjen blok', 'Block changed'],
    delete: ['Izbrisan blok', 'Block deleted'],
    programme: ['Program', 'Programme'],
  } as const
  const [sl, en] = verbs[action]
  return { sl: `${sl}: ${slBlock}`, en: `${en}: ${enBlock}` }
}

/** The summary of undoing a change. */
export function undoSummary(undone: Bilingual): Bilingual {
  return { sl: `Razveljavljeno: ${undone.sl}`, en: `Undone: ${undone.en}` }
}
