// The registrar's calls on sign-ups: the list through the data API, decisions and notes through
// /api/signups (which e-mails the person after a decision). Both throw ApiError: the list's
// failure is shown by the screen (its route's loader, docs/0036), an action's by the snackbar.
import {
  SIGNUP_COLLECTIONS,
  signupAnswerSchema,
  storedSignupSchema,
  type SignupDecision,
  type SignupKind,
  type StoredSignup,
} from '@lfit/domain/records/signups'
import { api } from '../api/api'
import { ApiError, MALFORMED_ANSWER } from '../api/client'

export async function loadSignups(kind: SignupKind): Promise<StoredSignup[]> {
  const collection = SIGNUP_COLLECTIONS[kind]
  const answer = await api.read(collection, 'find', { query: {} })
  if (!Array.isArray(answer)) {
    throw new ApiError(200, MALFORMED_ANSWER, null, `/api/db/${collection}/find`)
  }
  return answer.flatMap((row) => {
    const parsed = storedSignupSchema.safeParse(row)
    return parsed.success ? [parsed.data] : []
  })
}

export async function decideSignup(
  kind: SignupKind,
  id: string,
  decision: SignupDecision,
): Promise<StoredSignup> {
  const { signup } = await api.action(`/api/signups/${decision}`, { kind, id }, signupAnswerSchema)
  return signup
}

export async function noteSignup(
  kind: SignupKind,
  id: string,
  note: string,
): Promise<StoredSignup> {
  const { signup } = await api.action('/api/signups/note', { kind, id, note }, signupAnswerSchema)
  return signup
}
