// Where a participant stands at each session, as this screen shows it: a request still waiting
// for the server comes first (it is the newest word), otherwise the make-up book's sign-up.
import type { BookSignup, MakeupBook } from '@lfit/domain/makeups/book'
import { bySessionTime, type MakeupSession } from '@lfit/domain/makeups/sessions'
import type { MakeupRequest } from './request-queue'

export type Place =
  | { kind: 'waiting'; request: MakeupRequest }
  | { kind: 'confirmed' }
  | { kind: 'waitlisted'; position: number | undefined }
  | { kind: 'none' }

export function placeAt(
  sessionId: string,
  signups: ReadonlyMap<string, BookSignup>,
  requests: readonly MakeupRequest[],
): Place {
  const waiting = requests.findLast((r) => r.sessionId === sessionId && r.state === 'waiting')
  if (waiting) return { kind: 'waiting', request: waiting }
  const signup = signups.get(sessionId)
  if (signup?.status === 'confirmed') return { kind: 'confirmed' }
  if (signup?.status === 'waitlisted') return { kind: 'waitlisted', position: signup.position }
  return { kind: 'none' }
}

/** The participant's sign-ups in the book, by session. */
export function signupsOf(book: MakeupBook, participant: string): Map<string, BookSignup> {
  return new Map(
    book.signups.filter((s) => s.participant === participant).map((s) => [s.sessionId, s]),
  )
}

/**
 * The sessions to list under "your sign-ups": held today or later, with a place, a waitlist
 * entry or a request still waiting, in date order.
 */
export function signedUpSessions(
  book: MakeupBook,
  signups: ReadonlyMap<string, BookSignup>,
  requests: readonly MakeupRequest[],
  today: string,
): MakeupSession[] {
  return book.sessions
    .filter((session) => session.dayStr >= today)
    .filter((session) => placeAt(session._id, signups, requests).kind !== 'none')
    .toSorted(bySessionTime)
}

/**
 * Whether a decided request still says how things stand: a refusal always does (until
 * dismissed); a place, a waitlist entry or a cancellation only while the book agrees. A waitlisted
 * sign-up since promoted is shown by its card as confirmed, not by an old "on the waitlist".
 */
export function decisionStillHolds(
  request: MakeupRequest,
  signups: ReadonlyMap<string, BookSignup>,
): boolean {
  if (request.state === 'waiting') return false
  if (request.state === 'refused') return true
  const now = placeAt(request.sessionId, signups, []).kind
  return request.state === (now === 'none' ? 'cancelled' : now)
}

/**
 * The upcoming sessions not already listed (under a sign-up or an outstanding day): a day the
 * participant has reported they will miss is not outstanding yet, but its make-up can be booked.
 */
export function otherUpcoming(
  book: MakeupBook,
  listed: ReadonlySet<string>,
  today: string,
): MakeupSession[] {
  return book.sessions
    .filter((s) => !s.cancelled && s.dayStr >= today && !listed.has(s._id))
    .toSorted(bySessionTime)
}
