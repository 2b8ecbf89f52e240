// One change of the calendar, decided and made: the proposed calendar is checked against its
// rules, the study days it removes against the work recorded on them (refused, unless the editor
// decided to move that work or keep the days), then the calendar record is written through the
// sync write path, marks are moved the same way, the change is kept in the history, and the
// process's current calendar and the `blocks`/`days` mirrors follow
// (docs/0047-the-calendar-is-data.md).
import {
  buildSchedule,
  calendarDataFromRecords,
  calendarProblems,
  checkMove,
  hasWork,
  keepProblem,
  recordedWorkInWords,
  removedStudyDays,
  type CalendarRecord,
  type DayMove,
  type Decision,
} from '@lfit/domain/schedule'
import type { Bilingual } from '@lfit/domain/messages/bilingual'
import { ApiError } from '../http/errors'
import type { Store } from '../store/port'
import { newId } from '../store/id'
import type { SyncUser } from '../sync/context'
import { seedSchedule } from '../seed/schedule'
import {
  keepEntry,
  type CalendarAction,
  type CalendarHistoryEntry,
  type RecordState,
} from './history'
import { moveDays } from './moves'
import { loadCalendar, readCalendarRecords, writeAsServer } from './records'
import { marksOn, recordedWork } from './work'

/** What an editor asks: the record `recordId` becomes `after` (its whole state). */
export interface CalendarChange {
  action: CalendarAction
  recordId: string
  after: RecordState
  summary: Bilingual
  undoOf?: string
}

export interface ChangeMade {
  record: CalendarRecord
  /** Null when the change asked for what the record already was: nothing is written or kept. */
  entry: CalendarHistoryEntry | null
}

/** A record's state: what history keeps and an undo restores. */
export function stateOf(record: CalendarRecord): RecordState {
  const { _id, stamps: _stamps, rev: _rev, ...state } = record as CalendarRecord & { rev?: number }
  return state
}

/** Problems in at most this many sentences: an editor fixes the first ones first. */
const MAX_PROBLEMS = 5

/**
 * Makes `change` as `user` at `now`, or throws the ApiError that says why not (and then nothing
 * changed). Calls within one process run one at a time (see CalendarEditor).
 */
export async function makeChange(
  store: Store,
  user: SyncUser,
  now: number,
  change: CalendarChange,
  decision: Decision | undefined,
): Promise<ChangeMade> {
  const records = await readCalendarRecords(store)
  const current = records.find((record) => record._id === change.recordId) ?? null
  // Every change counts, an undo too: the revision is the SEQUENCE of the block's calendar
  // events, which only ever rises (docs/0047-the-calendar-is-data.md).
  const proposed = {
    ...(current ? stateOf(current) : {}),
    ...change.after,
    revision: current ? current.revision + 1 : 0,
  }
  const next = [
    ...records.filter((record) => record._id !== change.recordId),
    { _id: change.recordId, stamps: {}, ...proposed } as CalendarRecord,
  ]
  const afterData = calendarDataFromRecords(next)
  const problems = calendarProblems(afterData).slice(0, MAX_PROBLEMS)
  if (problems.length > 0) {
    throw new ApiError('invalidCalendar', {
      sl: problems.map((p) => p.sl).join('; '),
      en: problems.map((p) => p.en).join('; '),
    })
  }
  const before = buildSchedule(calendarDataFromRecords(records))
  const after = buildSchedule(afterData)
  const removed = removedStudyDays(before, after)
  const work = (await recordedWork(store, removed)).filter(hasWork)
  const moves = await decide(store, decision, removed, work, after)

  const was = current ? stateOf(current) : {}
  const changed = Object.fromEntries(
    Object.entries(proposed).filter(
      ([field, value]) => JSON.stringify(was[field]) !== JSON.stringify(value),
    ),
  )
  // Asked for what the record already is: nothing to write, count or keep.
  if (current && Object.keys(changed).every((field) => field === 'revision')) {
    return { record: stateful(current), entry: null }
  }
  const written = await writeAsServer(store, user, now, 'calendar', [
    { recordId: change.recordId, fields: current ? changed : proposed },
  ])
  await moveDays(store, user, now, moves)
  const entry: CalendarHistoryEntry = {
    _id: newId(),
    at: now,
    user: user.username,
    action: change.action,
    recordId: change.recordId,
    before: current ? stateOf(current) : null,
    after: proposed,
    summary: change.summary,
    moved: moves,
    undoneBy: null,
    undoOf: change.undoOf ?? null,
  }
  await keepEntry(store, entry)
  await followStoredCalendar(store)
  const record = (written[0] ?? next.at(-1)) as CalendarRecord
  return { record: stateful(record), entry }
}

/** A record as answered: its fields and stamps, not the store's revision. */
function stateful(record: CalendarRecord): CalendarRecord {
  const { rev: _rev, ...rest } = record as CalendarRecord & { rev?: number }
  return rest as CalendarRecord
}

/**
 * The moves the change makes, or the refusal: removed days with work need a decision; `keep`
 * needs each such day to stay inside a block; `move` needs a study day for each, where nobody
 * moved already has a mark.
 */
async function decide(
  store: Store,
  decision: Decision | undefined,
  removed: Parameters<typeof checkMove>[1],
  work: Parameters<typeof checkMove>[2],
  after: Parameters<typeof checkMove>[3],
): Promise<DayMove[]> {
  if (work.length === 0) return []
  if (!decision) {
    const { sl, en } = recordedWorkInWords(work)
    throw new ApiError('recordedWork', { sl, en }, { details: { days: work } })
  }
  if (decision.action === 'keep') {
    const problem = keepProblem(work, after)
    if (problem) throw new ApiError('invalidDecision', { sl: problem.sl, en: problem.en })
    return []
  }
  const dayIds = [
    ...removed.map((day) => day.id),
    ...Object.values(decision.to).map((day) => `lfit_${day.replaceAll('-', '')}`),
  ]
  const check = checkMove(decision.to, removed, work, after, await marksOn(store, dayIds))
  if (check.ok) return check.moves
  if (check.code === 'moveCollision') {
    const { sl, en } = check.message
    throw new ApiError('moveCollision', { sl, en }, { details: { collisions: check.collisions } })
  }
  throw new ApiError('invalidDecision', { sl: check.message.sl, en: check.message.en })
}

/**
 * Makes the stored calendar this process's current one and refreshes the `blocks`/`days`
 * mirrors: after a change here, and when another instance's change reaches this one.
 */
export async function followStoredCalendar(store: Store): Promise<void> {
  if (await loadCalendar(store)) await seedSchedule(store)
}

// Changes of one database made through this process run one at a time: each is decided against
// the calendar and the work as the one before left them. Keyed by the store object, like the
// change log's claim lock (sync/changelog.ts).
const turns = new WeakMap<Store, Promise<unknown>>()

export function inTurn<T>(store: Store, work: () => Promise<T>): Promise<T> {
  const result = (turns.get(store) ?? Promise.resolve()).then(work)
  turns.set(
    store,
    result.catch(() => undefined),
  )
  return result
}
