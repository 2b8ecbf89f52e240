// /api/calendar: the programme's calendar as records, for everyone (visitors read the timetable
// too), and its changes, history and undo for its editors, administrators and calendar editors
// (docs/access-policy.md#calendar, docs/0047-the-calendar-is-data.md).
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { CALENDAR_EDITORS } from '@lfit/domain/access/policy'
import { hasAnyRole } from '@lfit/domain/access/roles'
import { PRESENCE_WRITER_ROLES } from '@lfit/domain/attendance/permissions'
import {
  blockFields,
  blockProblems,
  calendarData,
  changeSummary,
  decisionSchema,
  newBlockKey,
  PROGRAMME_RECORD_ID,
  undoSummary,
  type BlockRecord,
  type CalendarRecord,
  type Decision,
} from '@lfit/domain/schedule'
import { parseBody } from '../http/body'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { answer } from '../http/msgpack'
import { seedCalendar } from '../seed/calendar'
import type { Store } from '../store/port'
import { newId } from '../store/id'
import type { SyncUser } from '../sync/context'
import { inTurn, makeChange, stateOf, type CalendarChange } from './changes'
import {
  ensureHistoryIndexes,
  findEntry,
  latestEntries,
  markUndone,
  MAX_HISTORY_LIMIT,
  type RecordState,
} from './history'
import { marksOffCalendar } from './off-calendar'
import { readCalendarRecords } from './records'

export interface CalendarDeps {
  stores: () => Promise<Store>
  clock: () => number
  /** Told after every change: the live feed pokes devices at once (live/live.ts). */
  changed?: (() => void) | undefined
}

const recorded = { recorded: decisionSchema.optional() }
const programmeBody = z.object({ venue: z.string().trim().min(1).max(200), ...recorded }).strict()
const blockBody = z.object({ block: z.unknown(), ...recorded }).strict()
const decisionBody = z.object(recorded).strict()
const historyQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_HISTORY_LIMIT).default(50),
})

export function createCalendarRoutes(deps: CalendarDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()

  /** The store with its calendar stored: a database older than the calendar gets it now. */
  const store = async () => {
    const opened = await deps.stores()
    if ((await opened.collection('calendar').count({})) === 0) {
      await seedCalendar(opened, calendarData(), deps.clock())
    }
    return opened
  }

  const editor = (c: Context<AppEnv>): SyncUser => {
    const session = c.var.session
    if (!session) throw new ApiError('notLoggedIn')
    const user = { username: session.user.username, roles: session.roles }
    if (!hasAnyRole(user, CALENDAR_EDITORS)) throw new ApiError('forbidden')
    return user
  }

  const change = async (
    user: SyncUser,
    asked: (records: CalendarRecord[], opened: Store) => CalendarChange | Promise<CalendarChange>,
    decision: Decision | undefined,
  ) => {
    const opened = await store()
    await ensureHistoryIndexes(opened)
    const made = await inTurn(opened, async () => {
      const wanted = await asked(await readCalendarRecords(opened), opened)
      const result = await makeChange(opened, user, deps.clock(), wanted, decision)
      if (wanted.undoOf) await markUndone(opened, wanted.undoOf, result.entry?._id ?? 'unchanged')
      return result
    })
    if (made.entry) deps.changed?.()
    return made
  }

  /** The block `key` as stored and not deleted, or 404. */
  const storedBlock = (records: readonly CalendarRecord[], key: string) => {
    const found = records.find((record) => record._id === key)
    if (!found || found.kind !== 'block' || found.deleted) {
      throw new ApiError('calendarBlockNotFound')
    }
    return found
  }

  /** A block's state from the body, or 400 with what is wrong, in both languages. */
  const blockState = (block: unknown): RecordState => {
    const problems = blockProblems(block)
    if (problems.length > 0) {
      throw new ApiError('invalidCalendar', {
        sl: problems.map((p) => p.sl).join('; '),
        en: problems.map((p) => p.en).join('; '),
      })
    }
    return { kind: 'block', ...blockFields(block as Parameters<typeof blockFields>[0]) }
  }

  routes.get('/', async (c) => {
    const records = await readCalendarRecords(await store())
    return answer(c, {
      records: records.filter((record) => record.kind === 'programme' || !record.deleted),
    })
  })

  routes.put('/programme', async (c) => {
    const user = editor(c)
    const body = parseBody(programmeBody, c.var.body)
    const made = await change(
      user,
      () => ({
        action: 'programme',
        recordId: PROGRAMME_RECORD_ID,
        after: { kind: 'programme', venue: body.venue },
        summary: changeSummary('programme', { venue: body.venue }),
      }),
      body.recorded,
    )
    return answer(c, { record: made.record })
  })

  routes.post('/blocks', async (c) => {
    const user = editor(c)
    const body = parseBody(blockBody, c.var.body)
    const after = blockState(body.block)
    const made = await change(
      user,
      () => ({
        action: 'create',
        recordId: newBlockKey(newId()),
        after,
        summary: changeSummary('create', after as unknown as BlockRecord),
      }),
      body.recorded,
    )
    return answer(c, { record: made.record }, 201)
  })

  routes.put('/blocks/:key', async (c) => {
    const user = editor(c)
    const key = c.req.param('key')
    const body = parseBody(blockBody, c.var.body)
    const after = blockState(body.block)
    const made = await change(
      user,
      (records) => {
        storedBlock(records, key)
        return {
          action: 'update',
          recordId: key,
          after,
          summary: changeSummary('update', after as unknown as BlockRecord),
        }
      },
      body.recorded,
    )
    return answer(c, { record: made.record })
  })

  routes.delete('/blocks/:key', async (c) => {
    const user = editor(c)
    const key = c.req.param('key')
    const body = parseBody(decisionBody, c.var.body)
    const made = await change(
      user,
      (records) => {
        const block = storedBlock(records, key)
        return {
          action: 'delete',
          recordId: key,
          after: { deleted: true },
          summary: changeSummary('delete', block),
        }
      },
      body.recorded,
    )
    return answer(c, { record: made.record })
  })

  routes.get('/history', async (c) => {
    editor(c)
    const query = parseBody(historyQuery, c.req.query())
    const entries = await latestEntries(await store(), query.limit)
    return answer(c, {
      entries: entries.map((entry) => ({
        _id: entry._id,
        at: new Date(entry.at).toISOString(),
        user: entry.user,
        action: entry.action,
        ...(entry.recordId !== PROGRAMME_RECORD_ID ? { blockKey: entry.recordId } : {}),
        summary: entry.summary,
        undone: entry.undoneBy !== null,
      })),
    })
  })

  routes.post('/history/:id/undo', async (c) => {
    const user = editor(c)
    const id = c.req.param('id')
    const body = parseBody(decisionBody, c.var.body)
    const made = await change(
      user,
      async (records, opened) => {
        // Read in turn: two undos of one change at once undo it once.
        const entry = await findEntry(opened, id)
        if (!entry) throw new ApiError('calendarChangeNotFound')
        if (entry.undoneBy !== null) throw new ApiError('calendarChangeUndone')
        // A change that created a block is undone by deleting it; any other restores the before.
        const restored = entry.before ?? { ...entry.after, deleted: true }
        const now = records.find((record) => record._id === entry.recordId)
        const changedSince = now ? stateOf(now) : {}
        return {
          action: 'undo',
          recordId: entry.recordId,
          // Fields the change did not know (added later) keep their value.
          after: { ...changedSince, ...restored },
          summary: undoSummary(entry.summary),
          undoOf: entry._id,
        }
      },
      body.recorded,
    )
    return answer(c, { record: made.record })
  })

  routes.get('/marksOffCalendar', async (c) => {
    const session = c.var.session
    if (!session) throw new ApiError('notLoggedIn')
    const caller = { roles: session.roles }
    if (!hasAnyRole(caller, [...CALENDAR_EDITORS, ...PRESENCE_WRITER_ROLES])) {
      throw new ApiError('forbidden')
    }
    return answer(c, await marksOffCalendar(await deps.stores()))
  })

  return routes
}
