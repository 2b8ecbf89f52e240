// /api/me: the signed-in person's own account (/mojRacun, docs/product-rules.md#my-account):
// their profile (only the fields they may change), the download of everything stored about
// them, a deletion request for an admin to act on, and signing out on every device. Only ever
// the caller's own record: no call here takes a username.
import { Hono, type Context } from 'hono'
import {
  DELETION_REQUESTS,
  deletionRequestBodySchema,
  deletionRequestSchema,
  type OwnProfileAnswer,
} from '@lfit/domain/users/account'
import { ownProfileSchema } from '@lfit/domain/users/validation'
import { okAnswerSchema } from '@lfit/domain/api/answers'
import type { Session } from '../auth/session'
import type { Tokens } from '../auth/token'
import type { UserDirectory } from '../auth/users'
import { parseBody } from '../http/body'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { answer } from '../http/msgpack'
import type { Doc } from '../store/port'
import { gatherMyData, myDataFileName } from './my-data'

export interface MeDeps {
  users: UserDirectory
  tokens: Tokens
  clock: () => number
}

function requireSession(c: Context<AppEnv>): Session {
  const session = c.var.session
  if (!session) throw new ApiError('notLoggedIn')
  return session
}

function profileOf(user: Doc, request: Doc | null): OwnProfileAnswer {
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined)
  const username = String(user.username)
  return {
    profile: {
      username,
      email: text(user.email) ?? username,
      firstName: text(user.firstName),
      lastName: text(user.lastName),
      phone: text(user.phone),
      country: text(user.country),
      language: user.language === 'en' ? 'en' : 'sl',
      shareEmail: user.shareEmail === true,
      sharePhone: user.sharePhone === true,
    },
    // Only this server writes requests; one that does not fit is shown as none, never a crash.
    deletionRequest: request
      ? (deletionRequestSchema.safeParse({ ...request, _id: username }).data ?? null)
      : null,
  }
}

export function createMeRoutes(deps: MeDeps): Hono<AppEnv> {
  const { users, tokens, clock } = deps
  const me = new Hono<AppEnv>()

  /** The caller's stored record as it is now (not the minute-old cache). */
  const ownRecord = async (session: Session): Promise<Doc> => {
    const user = await users.fresh(session.user.username)
    if (!user) throw new ApiError('notLoggedIn')
    return user
  }
  const deletionRequests = async () => (await users.store()).collection(DELETION_REQUESTS)
  const ownRequest = async (username: string) => (await deletionRequests()).findById(username)

  me.post('/profile', async (c) => {
    const session = requireSession(c)
    const user = await ownRecord(session)
    return answer(c, profileOf(user, await ownRequest(session.user.username)))
  })

  me.post('/profile/update', async (c) => {
    const session = requireSession(c)
    const change = parseBody(ownProfileSchema, c.var.body)
    const user = await ownRecord(session)
    const set: Record<string, unknown> = {}
    const unset: Record<string, ''> = {}
    for (const [field, value] of Object.entries(change)) {
      if (value === undefined) continue
      // A blank phone removes the number.
      if (value === '') unset[field] = ''
      else set[field] = value
    }
    if (Object.keys(set).length > 0 || Object.keys(unset).length > 0) {
      const update = {
        ...(Object.keys(set).length > 0 ? { $set: set } : {}),
        ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}),
      }
      await (await users.collection()).upsert({ _id: user._id }, update, { upsert: false })
      // The new names show at once in this process (the app bar, the attendance book).
      users.forgetAll()
      c.var.log.info('own profile changed', {
        requestId: c.var.requestId,
        username: session.user.username,
        fields: Object.keys({ ...set, ...unset }),
      })
    }
    const fresh = await ownRecord(session)
    return answer(c, profileOf(fresh, await ownRequest(session.user.username)))
  })

  // A GET, so that a plain link downloads the file with the session cookie; it changes nothing.
  me.get('/data', async (c) => {
    const session = requireSession(c)
    const user = await ownRecord(session)
    const now = clock()
    const data = await gatherMyData(await users.store(), user, now)
    c.var.log.info('own data downloaded', {
      requestId: c.var.requestId,
      username: session.user.username,
    })
    return c.body(JSON.stringify(data, null, 2), 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${myDataFileName(now)}"`,
      'Cache-Control': 'no-store',
    })
  })

  me.post('/deletion', async (c) => {
    const session = requireSession(c)
    const { note } = parseBody(deletionRequestBodySchema, c.var.body)
    const username = session.user.username
    const existing = await ownRequest(username)
    // Asking again keeps the first date: the admin sees how long the person has waited.
    const request = {
      _id: username,
      person: username,
      requestedAt:
        existing?.status === 'open' && typeof existing.requestedAt === 'string'
          ? existing.requestedAt
          : new Date(clock()).toISOString(),
      ...(note ? { note } : {}),
      status: 'open' as const,
    }
    await (await deletionRequests()).save(request)
    c.var.log.info('deletion requested', { requestId: c.var.requestId, username })
    return answer(c, profileOf(await ownRecord(session), request))
  })

  me.post('/deletion/withdraw', async (c) => {
    const session = requireSession(c)
    const username = session.user.username
    // Only an open request can be taken back; one an admin has carried out stays on record.
    await (await deletionRequests()).deleteOne({ _id: username, status: 'open' })
    c.var.log.info('deletion request withdrawn', { requestId: c.var.requestId, username })
    return answer(c, profileOf(await ownRecord(session), await ownRequest(username)))
  })

  me.post('/signOutEverywhere', async (c) => {
    const session = requireSession(c)
    const username = session.user.username
    // This device too: the person asked to be signed out everywhere.
    await users.sessions.endAllOf([username])
    tokens.clear(c)
    c.var.log.info('signed out everywhere', { requestId: c.var.requestId, username })
    return answer(c, okAnswerSchema.parse({ ok: true }))
  })

  return me
}
