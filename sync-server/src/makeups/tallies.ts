// What the standing check reads (docs/0021): the missed days of each participant against the
// limits, counted by the domain's `standingTally`. A standing's level needs only the
// participant's enrolments, attendance marks and absences, the limits and today: how a missed
// day was made up never changes the count, so the sessions, the marks at them and the "made up
// otherwise" records are not read here (the certificates read them, `standingInputs`).
import type { CoveringAbsence } from '@lfit/domain/attendance/day-mark'
import type { Enrolment } from '@lfit/domain/people/enrolment'
import {
  COUNTED_ENROLMENTS,
  standingTally,
  type StandingTally,
  type TallyInput,
} from '@lfit/domain/makeups/standing'
import {
  ATTENDANCE_MARKS,
  type AttendanceMark,
  type AttendanceRecord,
} from '@lfit/domain/records/attendance'
import { ENROLMENTS } from '../people/enrolments'
import type { Doc, Store } from '../store/port'
import { thresholdSettings } from './book'

type Mark = Pick<AttendanceRecord, 'dayId' | 'participant' | 'mark'>
type Counted = Pick<Enrolment, 'person' | 'year' | 'status'>

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const MARKS: ReadonlySet<unknown> = new Set(ATTENDANCE_MARKS)

/** Whether a stored value is one of the attendance marks (a record may hold anything). */
const isMark = (value: unknown): value is AttendanceMark => MARKS.has(value)

/** The documents of `collection` whose `field` is one of `who`, read-only (none when no one). */
export function ofPeople(
  store: Store,
  collection: string,
  field: string,
  who: readonly string[],
): Promise<Doc[]> {
  return who.length === 0
    ? Promise.resolve([])
    : store.collection(collection).find({ [field]: { $in: who } }, { readOnly: true })
}

/** A stored absence as the standing reads it. */
export function absenceOf(doc: Doc): CoveringAbsence {
  return {
    _id: String(doc._id),
    participant: text(doc.participant),
    fromDay: text(doc.fromDay),
    toDay: text(doc.toDay),
    reason: text(doc.reason),
    excused: doc.excused === true,
    deleted: doc.deleted === true,
  }
}

/**
 * Each participant's tally as it stands in `store` on `today`. The records of days are read only
 * for those enrolled in a counted year: anyone else stands on track whatever they hold. Read
 * read-only and grouped by participant as they are read: a stored mark that fits is handed to
 * the count as it is (none is kept or changed), one that does not is left out as before.
 */
export async function standingTallies(
  store: Store,
  people: readonly string[],
  today: string,
): Promise<(participant: string) => StandingTally> {
  const [settings, enrolmentDocs] = await Promise.all([
    thresholdSettings(store),
    ofPeople(store, ENROLMENTS, 'person', people),
  ])
  const own = new Map<
    string,
    { enrolments: Counted[]; marks: Mark[]; absences: CoveringAbsence[] }
  >()
  for (const doc of enrolmentDocs) {
    const status = doc.status as Counted['status']
    if (!COUNTED_ENROLMENTS.has(status)) continue
    const person = text(doc.person)
    let entry = own.get(person)
    if (!entry) own.set(person, (entry = { enrolments: [], marks: [], absences: [] }))
    entry.enrolments.push({ person, year: Number(doc.year), status })
  }
  const counted = [...own.keys()]
  const [attendance, absences] = await Promise.all([
    ofPeople(store, 'attendance', 'participant', counted),
    ofPeople(store, 'absences', 'participant', counted),
  ])
  for (const doc of attendance) {
    const mark = markOf(doc)
    if (mark) own.get(mark.participant)?.marks.push(mark)
  }
  for (const doc of absences) own.get(text(doc.participant))?.absences.push(absenceOf(doc))
  const nothing = { enrolments: [], marks: [], absences: [] }
  return (participant) => {
    const { enrolments, marks, absences: reported } = own.get(participant) ?? nothing
    const input: TallyInput = {
      participant,
      today,
      attendance: marks,
      absences: reported,
      enrolments,
      thresholds: settings.thresholds,
    }
    return standingTally(input)
  }
}

/**
 * A stored attendance record as the standing reads it, or undefined when its mark is not one
 * (a record may hold anything): the document itself when its fields are the right kind.
 */
export function markOf(doc: Doc): Mark | undefined {
  if (doc.mark !== null && !isMark(doc.mark)) return undefined
  return typeof doc.dayId === 'string' && typeof doc.participant === 'string'
    ? (doc as unknown as Mark)
    : { dayId: text(doc.dayId), participant: text(doc.participant), mark: doc.mark }
}
