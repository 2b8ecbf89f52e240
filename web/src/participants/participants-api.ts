// What /udelezenci reads through the data API: the enrolments, the people's contact details and
// the open deletion requests (the registrars may read all three). Attendance and absences come
// from the device's local view instead, which the sync keeps for those who read the attendance
// book, so a mark still waiting to sync counts at once. Each loader answers undefined when the
// call failed (the client has logged it and the snackbar shows it).
import { enrolmentSchema, type Enrolment } from '@lfit/domain/people/enrolment'
import { publicUserSchema, type PublicUser } from '@lfit/domain/users/user'
import { api } from '../api/api'
import { ApiError, MALFORMED_ANSWER } from '../api/client'

function parseAll<T>(answer: unknown, parse: (row: unknown) => T | null): T[] | undefined {
  if (!Array.isArray(answer)) return undefined
  return answer.flatMap((row) => {
    const parsed = parse(row)
    return parsed === null ? [] : [parsed]
  })
}

export interface ParticipantData {
  enrolments: Enrolment[]
  users: PublicUser[]
  /** Usernames with an open deletion request, and when each was made. */
  deletionRequests: Map<string, string>
}

/** For the screen's loader: throws ApiError when the lists could not be read (docs/0036). */
export async function loadParticipantData(): Promise<ParticipantData> {
  const [enrolments, users, requests] = await Promise.all([
    api.read('enrolments', 'find', { query: {} }),
    api.read('users', 'find', { query: {} }),
    api.read('deletionRequests', 'find', { query: { status: 'open' } }),
  ])
  const parsedEnrolments = parseAll(enrolments, (row) => {
    const parsed = enrolmentSchema.safeParse(row)
    return parsed.success ? parsed.data : null
  })
  const parsedUsers = parseAll(users, (row) => {
    const parsed = publicUserSchema.safeParse(row)
    return parsed.success ? parsed.data : null
  })
  if (!parsedEnrolments || !parsedUsers) {
    throw new ApiError(200, MALFORMED_ANSWER, null, '/api/db/enrolments/find')
  }
  const deletionRequests = new Map<string, string>()
  for (const row of Array.isArray(requests) ? requests : []) {
    const { person, requestedAt } = row as { person?: unknown; requestedAt?: unknown }
    if (typeof person === 'string') {
      deletionRequests.set(person, typeof requestedAt === 'string' ? requestedAt : '')
    }
  }
  return { enrolments: parsedEnrolments, users: parsedUsers, deletionRequests }
}
