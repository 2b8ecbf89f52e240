// The calendar as data over HTTP on both stores (docs/0047-the-calendar-is-data.md): a created
// block is answered to everyone and pulled by devices; a change that removes a study day with
// marks is refused with the count and changes nothing; moving the day keeps every mark; the
// history lists the changes and an undo restores one; a mark made offline for a removed day is
// kept and listed; only administrators and calendar editors write.
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest'
import type { Role } from '@lfit/domain/access/roles'
import {
  blockFields,
  replaceCalendar,
  schedule,
  SCHEDULE_DATA,
  type BlockDataInput,
  type CalendarRecord,
} from '@lfit/domain/schedule'
import ICAL from 'ical.js'
import { toICalendar } from '@lfit/domain/calendar/ics'
import { studyDayEvents } from '@lfit/domain/calendar/study-days'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import { writeAsServer } from '../src/calendar/records'
import { seedCalendar } from '../src/seed/calendar'
import { openStore } from '../src/store/open'
import {
  START,
  STORE_KINDS,
  openTestStore,
  seedUsers,
  snapshot,
  startServer,
  userFor,
  type Answer,
  type Browser,
  type OpenedStore,
  type TestServer,
} from './harness'

/** A block in the gap after the first version's last regular block (its year and segment). */
const lastRegular = SCHEDULE_DATA.blocks.filter((b) => b.segment < 21).at(-1) as BlockDataInput
const BLOCK: BlockDataInput = {
  year: lastRegular.year,
  segment: lastRegular.segment,
  from: '2026-11-23',
  to: '2026-11-27',
  headerName: 'Segment 12',
  trainer: 'Clara Weissberg',
  freeDays: ['2026-11-25'],
  specialHours: { '2026-11-24': { from: '10:00', to: '15:00' } },
}
const LAST = '2026-11-27'
const LAST_ID = 'lfit_20261127'
const FIRST_ID = 'lfit_20261123'
const PEOPLE = ['ana', 'bor', 'cvetka'].map((name) => `${name}@test.lfit`)

type ErrorBody = {
  error: { code: string; message: { sl: string; en: string }; details?: Record<string, unknown> }
}
const errorOf = (answer: Answer) => (answer.body as ErrorBody).error
const recordOf = (answer: Answer) => (answer.body as { record: CalendarRecord }).record

describe.each(STORE_KINDS)('the calendar as data on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer
  let admin: Browser
  let presence: Browser

  const call = (as: Browser, method: 'POST' | 'PUT' | 'DELETE' | 'GET', path: string, body = {}) =>
    as.post(`/api/calendar${path}`, body, { method })
  const createBlock = async (block: BlockDataInput = BLOCK) => {
    const created = await call(admin, 'POST', '/blocks', { block })
    expect(created.status).toBe(201)
    return recordOf(created)
  }
  let counter = 0
  const mark = (dayId: string, participant: string, value = 'present') => ({
    id: `edit-${String(counter++).padStart(6, '0')}`,
    collection: 'attendance',
    recordId: `${dayId}:${participant}`,
    hlc: encodeHlc({ wall: server.clock.read(), counter, node: 'tablet-1' }),
    deviceId: 'tablet-1',
    fields: { mark: value },
  })
  const push = async (edits: unknown[]) => {
    const answer = await presence.db('attendance', 'upsertBatch', { v: 1, batch: edits })
    expect(answer.status).toBe(200)
    return (answer.body as { results: { status: string; notice?: { code: string } }[] }).results
  }
  const marksOn = async (dayId: string) =>
    (await db.store.collection('attendance').find({ dayId, mark: { $ne: null } })).map((r) => ({
      participant: r.participant,
      mark: r.mark,
    }))

  beforeEach(async () => {
    db = await openTestStore(kind)
    const roles: Role[] = ['admin', 'calendarEditor', 'presenceEditor', 'participant']
    await seedUsers(db.store, [
      ...roles.map(userFor),
      ...PEOPLE.map((username) => ({ username, roles: ['participant'] as Role[] })),
    ])
    // As a start does (seed/prepare.ts): the first version is stored before anything reads it.
    await seedCalendar(db.store, SCHEDULE_DATA, START)
    server = await startServer({ store: db.store })
    admin = await server.as('admin')
    presence = await server.as('presenceEditor')
  })
  afterEach(async () => {
    await server.close()
    await db.close()
    // The current calendar belongs to the process: the next test starts from the first version.
    replaceCalendar(SCHEDULE_DATA)
  })

  it('a created block is answered to visitors and pulled by a device', async () => {
    const record = await createBlock()
    expect(record).toMatchObject({ kind: 'block', deleted: false, from: BLOCK.from })
    expect(record._id).toMatch(/^cal_/)

    const visitor = await call(server.browser(), 'GET', '')
    expect(visitor.status).toBe(200)
    const records = (visitor.body as { records: CalendarRecord[] }).records
    expect(records.find((r) => r._id === record._id)).toMatchObject({ to: BLOCK.to })
    expect(records.filter((r) => r.kind === 'block')).toHaveLength(SCHEDULE_DATA.blocks.length + 1)

    const pulled = await presence.db('calendar', 'pull', { v: 1, cursor: null })
    const calendar = (pulled.body as { changes: { calendar: CalendarRecord[] } }).changes.calendar
    expect(calendar.find((r) => r._id === record._id)).toMatchObject({ from: BLOCK.from })
    // The server's calendar and its mirrors follow: the new study day is one, the free day not.
    expect(schedule().dayById.get(FIRST_ID)?.freeDay).toBe(false)
    expect(await db.store.collection('days').findById('lfit_20261125')).toMatchObject({
      freeDay: true,
    })
  })

  it('refuses to remove a study day with marks, with the count, and changes nothing', async () => {
    const record = await createBlock()
    await push(PEOPLE.map((person) => mark(LAST_ID, person)))
    const before = await Promise.all(
      ['calendar', 'attendance', 'calendarHistory'].map((c) => snapshot(db.store, c)),
    )

    const cut = await call(admin, 'PUT', `/blocks/${record._id}`, {
      block: { ...BLOCK, to: '2026-11-26' },
    })
    expect(cut.status).toBe(409)
    const error = errorOf(cut)
    expect(error.code).toBe('recordedWork')
    expect(error.details).toEqual({
      days: [{ day: LAST, attendance: 3, absences: 0, makeupSessions: 0, signups: 0 }],
    })
    expect(error.message.sl).toContain('Na dan 27. 11. 2026 je vpisano: 3 prisotnosti.')
    expect(error.message.en).toContain('Recorded on 27 Nov 2026: 3 attendance marks.')
    const after = await Promise.all(
      ['calendar', 'attendance', 'calendarHistory'].map((c) => snapshot(db.store, c)),
    )
    expect(after).toEqual(before)
    expect(schedule().dayById.get(LAST_ID)?.freeDay).toBe(false)
  })

  it('moves a removed day with its marks, lists both changes, and undoes one', async () => {
    const record = await createBlock()
    await push([
      mark(LAST_ID, PEOPLE[0] as string, 'present'),
      mark(LAST_ID, PEOPLE[1] as string, 'late'),
      mark(LAST_ID, PEOPLE[2] as string, 'excused'),
    ])
    const marked = await marksOn(LAST_ID)
    const { cursor } = (await presence.db('attendance', 'pull', { v: 1, cursor: null })).body as {
      cursor: string
    }

    // The Friday goes; its marks move to the Monday, where nobody is marked yet.
    const moved = await call(admin, 'PUT', `/blocks/${record._id}`, {
      block: { ...BLOCK, to: '2026-11-26' },
      recorded: { action: 'move', to: { [LAST]: '2026-11-23' } },
    })
    expect(moved.status).toBe(200)
    expect(await marksOn(FIRST_ID)).toEqual(expect.arrayContaining(marked))
    expect(await marksOn(FIRST_ID)).toHaveLength(marked.length)
    expect(await marksOn(LAST_ID)).toEqual([])

    // A device pulls the moved marks and the cleared ones.
    const changes = (
      (await presence.db('attendance', 'pull', { v: 1, cursor })).body as {
        changes: { attendance: { _id: string; mark: string | null }[] }
      }
    ).changes.attendance
    for (const person of PEOPLE) {
      expect(changes).toContainEqual(
        expect.objectContaining({ _id: `${FIRST_ID}:${person}`, mark: expect.any(String) }),
      )
      expect(changes).toContainEqual(
        expect.objectContaining({ _id: `${LAST_ID}:${person}`, mark: null }),
      )
    }

    const history = await call(admin, 'GET', '/history')
    const entries = (history.body as { entries: Record<string, unknown>[] }).entries
    expect(entries.map((e) => [e.action, e.blockKey, e.user, e.undone])).toEqual([
      ['update', record._id, userFor('admin').username, false],
      ['create', record._id, userFor('admin').username, false],
    ])
    expect(entries[0]?.summary).toMatchObject({ en: expect.stringContaining('Block changed') })

    // Undoing the change gives the block its Friday back (an empty study day again).
    const undo = await call(admin, 'POST', `/history/${String(entries[0]?._id)}/undo`)
    expect(undo.status).toBe(200)
    expect(recordOf(undo)).toMatchObject({ to: LAST })
    expect(schedule().dayById.get(LAST_ID)?.freeDay).toBe(false)
    const later = (await call(admin, 'GET', '/history')).body as {
      entries: { action: string; undone: boolean }[]
    }
    expect(later.entries.map((e) => [e.action, e.undone])).toEqual([
      ['undo', false],
      ['update', true],
      ['create', false],
    ])
    const again = await call(admin, 'POST', `/history/${String(entries[0]?._id)}/undo`)
    expect([again.status, errorOf(again).code]).toEqual([409, 'calendarChangeUndone'])
  })

  it('refuses a move onto a day where the person is marked already, with the count', async () => {
    const record = await createBlock()
    await push([mark(LAST_ID, PEOPLE[0] as string), mark(FIRST_ID, PEOPLE[0] as string)])
    const refused = await call(admin, 'PUT', `/blocks/${record._id}`, {
      block: { ...BLOCK, to: '2026-11-26' },
      recorded: { action: 'move', to: { [LAST]: '2026-11-23' } },
    })
    expect(refused.status).toBe(409)
    expect(errorOf(refused)).toMatchObject({
      code: 'moveCollision',
      details: { collisions: [{ day: '2026-11-23', people: 1 }] },
    })
    expect(await marksOn(LAST_ID)).toHaveLength(1)
  })

  it('keeps a day made free with its marks when the editor says keep', async () => {
    const record = await createBlock()
    await push([mark('lfit_20261126', PEOPLE[0] as string)])
    const kept = await call(admin, 'PUT', `/blocks/${record._id}`, {
      block: { ...BLOCK, freeDays: ['2026-11-25', '2026-11-26'] },
      recorded: { action: 'keep' },
    })
    expect(kept.status).toBe(200)
    expect(schedule().dayById.get('lfit_20261126')?.freeDay).toBe(true)
    expect(await marksOn('lfit_20261126')).toHaveLength(1)
  })

  it('keeps a mark pushed offline for a day since removed, with a notice, and lists it', async () => {
    const record = await createBlock()
    const deleted = await call(admin, 'DELETE', `/blocks/${record._id}`)
    expect(deleted.status).toBe(200)
    // A tablet that held the calendar with the block marks its Monday, then syncs.
    const [result] = await push([mark(FIRST_ID, PEOPLE[0] as string)])
    expect(result).toMatchObject({ status: 'applied', notice: { code: 'notStudyDay' } })
    expect(await marksOn(FIRST_ID)).toHaveLength(1)
    const listed = await call(admin, 'GET', '/marksOffCalendar')
    expect(listed.body).toEqual({
      marks: [
        {
          _id: `${FIRST_ID}:${PEOPLE[0]}`,
          dayId: FIRST_ID,
          participant: PEOPLE[0],
          mark: 'present',
        },
      ],
      more: false,
    })
  })

  it.each<[string, Role | null, number, string]>([
    ['a visitor', null, 401, 'notLoggedIn'],
    ['a participant', 'participant', 403, 'forbidden'],
    ['a presence editor', 'presenceEditor', 403, 'forbidden'],
  ])('%s may not change the calendar', async (_label, role, status, code) => {
    const as = role ? await server.as(role) : server.browser()
    const before = await snapshot(db.store, 'calendar')
    const answer = await call(as, 'POST', '/blocks', { block: BLOCK })
    expect([answer.status, errorOf(answer).code]).toEqual([status, code])
    expect(await snapshot(db.store, 'calendar')).toEqual(before)
  })

  it('a changed day keeps its calendar event and raises its SEQUENCE', async () => {
    const eventOf = (uid: string) => {
      const ics = toICalendar({ name: 'LFIT', events: studyDayEvents(), now: server.clock.read() })
      const found = new ICAL.Component(ICAL.parse(ics))
        .getAllSubcomponents('vevent')
        .map((vevent) => new ICAL.Event(vevent))
        .find((event) => event.uid === uid)
      return found && { sequence: found.sequence, start: found.startDate.toJSDate().getTime() }
    }
    const record = await createBlock()
    expect(eventOf('lfit_20261124@lfit')).toEqual({
      sequence: 0,
      start: Date.UTC(2026, 10, 24, 9),
    })
    // The Tuesday starts an hour later: the same event, one change later.
    const changed = await call(admin, 'PUT', `/blocks/${record._id}`, {
      block: { ...BLOCK, specialHours: { '2026-11-24': { from: '11:00', to: '15:00' } } },
    })
    expect(changed.status).toBe(200)
    expect(eventOf('lfit_20261124@lfit')).toEqual({
      sequence: 1,
      start: Date.UTC(2026, 10, 24, 10),
    })
    // The programme's venue is every event's location: every event changes once more.
    await call(admin, 'PUT', '/programme', { venue: 'Studio Gibanje, Maribor' })
    expect(eventOf('lfit_20261124@lfit')?.sequence).toBe(2)
  })

  it('a calendar editor changes the programme venue', async () => {
    const editor = await server.as('calendarEditor')
    const answer = await call(editor, 'PUT', '/programme', { venue: 'Studio Gibanje, Maribor' })
    expect(answer.status).toBe(200)
    expect(schedule().venue).toBe('Studio Gibanje, Maribor')
  })

  it.each([
    ['a block overlapping another', { ...BLOCK, from: '2026-11-19' }, 'se prekrivata', 'overlap'],
    ['a free first day', { ...BLOCK, freeDays: ['2026-11-23'] }, 'prost dan', 'not strictly'],
    [
      'hours ending before they start',
      { ...BLOCK, specialHours: { '2026-11-24': { from: '15:00', to: '10:00' } } },
      'ura konca',
      'hours end',
    ],
    ['no block at all', 'Segment 12', 'neveljavna', 'invalid'],
  ])('refuses %s in both languages and changes nothing', async (_label, block, sl, en) => {
    const before = await snapshot(db.store, 'calendar')
    const answer = await call(admin, 'POST', '/blocks', { block })
    expect(answer.status).toBe(400)
    expect(errorOf(answer).message.sl).toContain(sl)
    expect(errorOf(answer).message.en).toContain(en)
    expect(await snapshot(db.store, 'calendar')).toEqual(before)
  })
})

describe('a second instance on one MongoDB database', () => {
  it('follows a calendar change made through another instance', async () => {
    const db = await openTestStore('mongodb')
    // The other instance's own connection: it writes as that process would, leaving this
    // process's calendar as it was.
    const other = await openStore({
      mongodbUri: inject('mongoUri'),
      dataDir: '.',
      dbName: db.dbName,
    })
    await seedCalendar(db.store, SCHEDULE_DATA, START)
    const server = await startServer({ store: db.store, live: true })
    try {
      expect(schedule().dayById.has(FIRST_ID)).toBe(false)
      await writeAsServer(
        other,
        { username: 'admin@test.lfit', roles: ['admin'] },
        START,
        'calendar',
        [
          {
            recordId: 'cal_elsewhere',
            fields: { kind: 'block', revision: 0, ...blockFields(BLOCK) },
          },
        ],
      )
      // Its change log names the record; this instance's live feed reads it and follows.
      await vi.waitFor(() => expect(schedule().dayById.get(FIRST_ID)?.freeDay).toBe(false), {
        timeout: 10_000,
      })
      await vi.waitFor(async () =>
        expect(await db.store.collection('days').findById(FIRST_ID)).toMatchObject({
          freeDay: false,
        }),
      )
    } finally {
      await server.close()
      await other.close()
      await db.close()
      replaceCalendar(SCHEDULE_DATA)
    }
  })
})
