// The /nadomescanja calls on /api/makeups, through the app's one API client; every answer is
// checked against the domain's schema. Each throws ApiError; the screen turns it into a sentence.
import { z } from 'zod'
import {
  madeUpOtherwiseAnswerSchema,
  makeupSettingsAnswerSchema,
  sessionAnswerSchema,
  sessionSignupsAnswerSchema,
  type MakeupSettingsAnswer,
  type SessionSignupsAnswer,
} from '@lfit/domain/makeups/admin-requests'
import { makeupSessionSchema, type MakeupSession } from '@lfit/domain/makeups/sessions'
import type { Thresholds } from '@lfit/domain/makeups/thresholds'
import { api } from '../../api/api'
import type { MakeupTab } from '../../app/screen-reads'
import { settled } from '../../app/settled'
import { ApiError, MALFORMED_ANSWER } from '../../api/client'

/** A session as the list shows it: its fields and the places confirmed. */
export interface ListedSession {
  session: MakeupSession
  taken: number
}

/** What the form sends: a session without the server's fields. */
export type SessionDraft = Omit<MakeupSession, '_id' | 'cancelled'>

const storedSessionSchema = makeupSessionSchema.and(z.object({ taken: z.number().optional() }))

/** A screen's database read whose answer is not a list: the failure block says so. */
function rowsOf(answer: unknown, path: string): Record<string, unknown>[] {
  if (!Array.isArray(answer)) throw new ApiError(200, MALFORMED_ANSWER, null, path)
  return answer as Record<string, unknown>[]
}

/** Every session, newest first (the collection is readable by anyone logged in). */
export async function loadSessions(): Promise<ListedSession[]> {
  const answer = rowsOf(
    await api.read('makeupSessions', 'find', {
      query: {},
      opts: { sort: { dayStr: -1 }, limit: 500 },
    }),
    '/api/db/makeupSessions/find',
  )
  return answer.flatMap((row) => {
    const { taken, seq: _seq, ...fields } = row
    const parsed = storedSessionSchema.safeParse(fields)
    return parsed.success
      ? [{ session: parsed.data, taken: typeof taken === 'number' ? taken : 0 }]
      : []
  })
}

export async function createSession(draft: SessionDraft): Promise<ListedSession> {
  return api.action('/api/makeups/create', draft, sessionAnswerSchema)
}

export async function updateSession(id: string, draft: SessionDraft): Promise<ListedSession> {
  return api.action('/api/makeups/update', { ...draft, _id: id }, sessionAnswerSchema)
}

export async function cancelSession(id: string): Promise<number> {
  const answer = await api.action(
    '/api/makeups/cancel',
    { _id: id },
    z.object({ told: z.number() }).loose(),
  )
  return answer.told
}

export function loadSignups(sessionId: string): Promise<SessionSignupsAnswer> {
  return api.action(
    '/api/makeups/sessionSignups',
    { sessionId },
    sessionSignupsAnswerSchema,
    'read',
  )
}

export function loadSettings(): Promise<MakeupSettingsAnswer> {
  return api.action('/api/makeups/settings', {}, makeupSettingsAnswerSchema, 'read')
}

export function changeThresholds(thresholds: Thresholds): Promise<MakeupSettingsAnswer> {
  return api.action('/api/makeups/changeThresholds', thresholds, makeupSettingsAnswerSchema)
}

export function changeCancelHours(hours: number): Promise<MakeupSettingsAnswer> {
  return api.action('/api/makeups/changeCancelHours', { hours }, makeupSettingsAnswerSchema)
}

export async function recordMadeUpOtherwise(request: {
  participant: string
  dayId: string
  note: string
}): Promise<void> {
  await api.action('/api/makeups/recordMadeUpOtherwise', request, madeUpOtherwiseAnswerSchema)
}

export async function removeMadeUpOtherwise(request: {
  participant: string
  dayId: string
}): Promise<void> {
  await api.action(
    '/api/makeups/removeMadeUpOtherwise',
    request,
    z.object({ removed: z.boolean() }),
  )
}

/** The educators, for the session form (names only, as the directory shows them). */
export async function loadEducators(): Promise<{ username: string; name: string }[]> {
  const answer = rowsOf(
    await api.read('users', 'find', {
      query: { roles: 'educator' },
      opts: { sort: { lastName: 1 } },
    }),
    '/api/db/users/find',
  )
  return answer.flatMap((row) => {
    if (typeof row.username !== 'string') return []
    const name = [row.firstName, row.lastName].filter((p) => typeof p === 'string' && p).join(' ')
    return [{ username: row.username, name: name || row.username }]
  })
}

/** What /nadomescanja's tab shows, as its route's loader reads it (web/src/app/screen-reads.ts). */
export async function readMakeupAdmin<T extends MakeupTab>({
  tab,
  signups,
}: {
  tab: T
  signups: string
}) {
  // Who needs make-ups is the device's standings (the local view): nothing to read here.
  if (tab === 'needs') return { tab: 'needs' as const }
  if (tab === 'settings') return { tab: 'settings' as const, settings: await loadSettings() }
  // The educators name each session's educator and are the session form's choices.
  const [sessions, educators, open] = await Promise.all([
    loadSessions(),
    loadEducators(),
    signups ? settled(loadSignups(signups)) : null,
  ])
  return {
    tab: 'sessions' as const,
    sessions,
    educators,
    signups: open && { id: signups, read: open },
  }
}
