// "Download my data" (docs/product-rules.md#my-account): everything the default database holds
// about one person, gathered by their username and e-mail address, never anyone else's rows and
// never a secret. The sync history and change log are the server's own bookkeeping of the same
// attendance and absence records, so the records themselves stand for them.
import { DELETION_REQUESTS } from '@lfit/domain/users/account'
import { toPublicUser } from '@lfit/domain/users/user'
import { SESSIONS } from '../auth/sessions'
import type { Doc, Store } from '../store/port'

/** Each collection that holds a person's rows, with the field that names them. */
const BY_USERNAME = [
  ['enrolments', 'person'],
  ['attendance', 'participant'],
  ['absences', 'participant'],
  ['registrations', 'username'],
  ['makeups', 'participant'],
  ['makeupSignups', 'participant'],
  ['makeupAttendance', 'participant'],
  ['madeUpOtherwise', 'participant'],
  ['certificates', 'person'],
] as const

/** Sign-ups a visitor sends carry an e-mail address, not an account. */
const BY_EMAIL = ['eventSignups', 'reservations'] as const

export interface MyData {
  exportedAt: string
  user: Doc
  deletionRequest: Doc | null
  /** When each of the person's live sessions began and ends (never their ids: those are keys). */
  sessions: { startedAt: string; endsAt: string }[]
  [collection: string]: unknown
}

export async function gatherMyData(store: Store, user: Doc, now: number): Promise<MyData> {
  const username = String(user.username)
  const data: MyData = {
    exportedAt: new Date(now).toISOString(),
    user: toPublicUser(user),
    deletionRequest: await store.collection(DELETION_REQUESTS).findById(username),
    sessions: [],
  }
  for (const [collection, field] of BY_USERNAME) {
    data[collection] = await store.collection(collection).find({ [field]: username })
  }
  const addresses = [...new Set([username, user.email].filter((a) => typeof a === 'string'))]
  for (const collection of BY_EMAIL) {
    data[collection] = await store.collection(collection).find({ email: { $in: addresses } })
  }
  const sessions = await store
    .collection(SESSIONS)
    .find({ username, expiresAt: { $gt: now } }, { sort: { createdAt: 1 } })
  data.sessions = sessions.map((session) => ({
    startedAt: new Date(Number(session.createdAt)).toISOString(),
    endsAt: new Date(Number(session.expiresAt)).toISOString(),
  }))
  return data
}

/** The file name of the download: the date, so two downloads do not overwrite each other's name. */
export function myDataFileName(now: number): string {
  return `lfit-my-data-${new Date(now).toISOString().slice(0, 10)}.json`
}
