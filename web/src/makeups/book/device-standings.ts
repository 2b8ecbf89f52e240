// Standings worked out on the device (docs/product-rules.md#make-ups-and-attendance-rules): the
// domain's standingOf over the one local view (attendance and absences with the edits still in
// the outbox, this device's make-up marks) and the last make-up book fetched.
import type { MakeupBook } from '@lfit/domain/makeups/book'
import {
  COUNTED_ENROLMENTS,
  standingOf,
  type ParticipantStanding,
  type StandingInput,
} from '@lfit/domain/makeups/standing'
import { localDayStr } from '@lfit/domain/schedule/time'
import type { LocalDatabase } from '../../offline/database'
import {
  absencesShown,
  allAttendance,
  attendanceOfParticipant,
  makeupAttendanceShown,
} from '../../offline/local-view'

type Records = Pick<StandingInput, 'attendance' | 'absences' | 'sessionAttendance'>

function standingFrom(
  book: MakeupBook,
  participant: string,
  today: string,
  records: Records,
): ParticipantStanding {
  return standingOf({
    participant,
    today,
    ...records,
    enrolments: book.enrolments,
    sessions: book.sessions,
    madeUpOtherwise: book.madeUpOtherwise,
    thresholds: book.thresholds,
  })
}

/** One participant's standing; `now` is the device clock (tests pass their own). */
export async function standingOnDevice(
  db: LocalDatabase,
  book: MakeupBook,
  participant: string,
  now = Date.now(),
): Promise<ParticipantStanding> {
  const [attendance, absences, sessionAttendance] = await Promise.all([
    attendanceOfParticipant(db, participant),
    absencesShown(db, participant),
    makeupAttendanceShown(db, participant),
  ])
  return standingFrom(book, participant, localDayStr(now), {
    attendance: attendance.map(({ record }) => record),
    absences: absences.map(({ record }) => record),
    sessionAttendance,
  })
}

function byParticipant<R extends { participant: string }>(records: readonly R[]) {
  const grouped = new Map<string, R[]>()
  for (const record of records) {
    const list = grouped.get(record.participant)
    if (list) list.push(record)
    else grouped.set(record.participant, [record])
  }
  return grouped
}

/** Every enrolled participant's standing, by username. */
export async function standingsOnDevice(
  db: LocalDatabase,
  book: MakeupBook,
  now = Date.now(),
): Promise<Map<string, ParticipantStanding>> {
  const [attendance, absences, sessionAttendance] = await Promise.all([
    allAttendance(db),
    absencesShown(db),
    makeupAttendanceShown(db),
  ])
  const marks = byParticipant(attendance)
  const reported = byParticipant(absences.map(({ record }) => record))
  const atSessions = byParticipant(sessionAttendance)
  const today = localDayStr(now)
  const enrolled = new Set(
    book.enrolments.filter((e) => COUNTED_ENROLMENTS.has(e.status)).map((e) => e.person),
  )
  const standings = new Map<string, ParticipantStanding>()
  for (const participant of enrolled) {
    standings.set(
      participant,
      standingFrom(book, participant, today, {
        attendance: marks.get(participant) ?? [],
        absences: reported.get(participant) ?? [],
        sessionAttendance: atSessions.get(participant) ?? [],
      }),
    )
  }
  return standings
}
