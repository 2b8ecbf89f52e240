// The registrar's calls on sign-ups: the list through the data API, decisions and notes through
// /api/signups (which e-mails the person after a decision). Loading answers undefined when the
// call failed; the actions throw ApiError; both are shown by the snackbar.
import {
  SIGNUP_COLLECTIONS,
  signupAnswerSchema,
  storedSignupSchema,
  type SignupDecision,
  type SignupKind,
  type StoredSignup,
} from '@lfit/domain/records/signups'
import { api } from '../api/api'

export async function loadSignups(kind: SignupKind): Promise<StoredSignup[] | undefined> {
  const answer = await api.db(SIGNUP_COLLECTIONS[kind], 'find', { query: {} })
  if (!Array.isArray(answer)) return undefined
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
