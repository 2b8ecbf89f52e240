import { describe, expect, it } from 'vitest'
import { schedule } from '../schedule'
import { ROLES, type Role } from '../access/roles'
import { MAKEUP_EDITORS } from '../access/policy'
import { MAKEUP_MARKER_ROLES, PRESENCE_WRITER_ROLES } from '../attendance/permissions'
import {
  canHavePendingEdits,
  missingOnCreate,
  SYNC_COLLECTIONS,
  SYNCED,
  type SyncCollection,
} from './registry'

const freeDay = [...schedule().dayById.values()].find((day) => day.freeDay)
const studyDay = 'lfit_20261116'
/** A record id each collection accepts. */
const SAMPLE_ID: Record<SyncCollection, string> = {
  attendance: `${studyDay}:ana@demo.test`,
  absences: 'abs-0001',
  makeupAttendance: 'makeup-1:ana@demo.test',
  materials: 'material-0001',
  library: 'library-0001',
  mediaNotes: 'note-0001',
  mediaProgress: 'material-0001:ana@demo.test',
  calendar: 'lfit_year_1_20230417',
}

describe('the registry of synced collections', () => {
  it('names every synced collection once, in registry order', () => {
    expect(SYNC_COLLECTIONS).toEqual(Object.keys(SYNCED))
    expect(SYNC_COLLECTIONS).toEqual([
      'attendance',
      'absences',
      'makeupAttendance',
      'materials',
      'library',
      'mediaNotes',
      'mediaProgress',
      'calendar',
    ])
  })

  it.each(SYNC_COLLECTIONS)('%s: its empty record is a valid record with its id', (name) => {
    const entry = SYNCED[name]
    const id = SAMPLE_ID[name]
    expect(entry.refuseId(id)).toBeNull()
    const empty = entry.empty(id)
    expect(empty?._id).toBe(id)
    expect(entry.record.safeParse(empty).success).toBe(true)
  })

  // Marks and absences make up a participant's standing; material, the library, notes and where
  // a recording was left off never do (docs/0035-every-synced-collection-property-in-its-entry.md).
  it.each([
    ['attendance', true],
    ['absences', true],
    ['makeupAttendance', true],
    ['materials', false],
    ['library', false],
    ['mediaNotes', false],
    ['mediaProgress', false],
    ['calendar', false],
  ] satisfies [SyncCollection, boolean][])('%s counts for standing: %s', (name, counts) => {
    expect(SYNCED[name].countsForStanding).toBe(counts)
  })

  const grouped = SYNC_COLLECTIONS.filter((name) => SYNCED[name].deviceGroups !== undefined)

  it('keeps attendance alone grouped on the device, one row per study day', () => {
    expect(grouped).toEqual(['attendance'])
  })

  it.each(grouped)('%s: a record is in the group its id names', (name) => {
    const groups = SYNCED[name].deviceGroups
    const record = SYNCED[name].empty(SAMPLE_ID[name]) as unknown as Record<string, unknown>
    expect(groups?.groupOfId(SAMPLE_ID[name])).toBe(record[groups?.by ?? ''])
    expect(SYNCED[name].localIndexes).toBe(groups?.by)
  })

  it.each(SYNC_COLLECTIONS)('%s: the fields required on create are fields it has', (name) => {
    const entry = SYNCED[name]
    const record = entry.empty(SAMPLE_ID[name])
    for (const field of entry.requiredOnCreate) expect(record).toHaveProperty(field)
  })

  // A mark for a day that is no study day (any more) is kept with a notice, never refused: the
  // device that made it offline may hold an earlier calendar (docs/0047-the-calendar-is-data.md).
  it.each([
    ['a study day', `${studyDay}:ana@demo.test`, null, null],
    ['a free day', `${freeDay?.id}:ana@demo.test`, null, 'notStudyDay'],
    ['a day outside the calendar', 'lfit_19990101:ana@demo.test', null, 'notStudyDay'],
    ['a date of the extra-material period', 'lfit_20270115:ana@demo.test', null, 'notStudyDay'],
    ['a date that does not exist', 'lfit_20260231:ana@demo.test', 'unknownDay', 'notStudyDay'],
    ['no participant', `${studyDay}:`, 'unknownDay', null],
    ['not a day id', 'ana@demo.test', 'unknownDay', null],
  ])('an attendance id names a day by its date: %s', (_label, id, refused, notice) => {
    expect(SYNCED.attendance.refuseId(id)?.code ?? null).toBe(refused)
    if (!refused) expect(SYNCED.attendance.noticeOf?.(id)?.code ?? null).toBe(notice)
  })

  it.each([
    ['a session and a participant', 'makeup-1:ana@demo.test', null],
    ['a session id with a colon', 'a:b:ana@demo.test', null],
    ['no participant', 'makeup-1:', 'unknownMakeupSession'],
    ['no session', ':ana@demo.test', 'unknownMakeupSession'],
    ['no separator', 'ana@demo.test', 'unknownMakeupSession'],
  ])('a make-up attendance id names a session and a participant: %s', (_label, id, code) => {
    expect(SYNCED.makeupAttendance.refuseId(id)?.code ?? null).toBe(code)
  })

  it.each([
    ['the programme record', 'programme', null],
    ['a block of the first version', 'lfit_year_4_20261116', null],
    ['a block made in the app', 'cal_6741f0a2b3c4d5e6f7a8b9c0', null],
    ['a day id', 'lfit_20261116', 'unknownCalendarRecord'],
    ['a block key with a slash', 'cal_a/b', 'unknownCalendarRecord'],
    ['nothing after the prefix', 'cal_', 'unknownCalendarRecord'],
  ])('a calendar id is the programme or a block key: %s', (_label, id, code) => {
    expect(SYNCED.calendar.refuseId(id)?.code ?? null).toBe(code)
  })

  it('a make-up attendance record knows its session and participant from its id', () => {
    expect(SYNCED.makeupAttendance.empty('a:b:ana@demo.test')).toMatchObject({
      session: 'a:b',
      participant: 'ana@demo.test',
      mark: null,
    })
  })

  it('make-up sessions are marked by the presence writers and the make-up editors', () => {
    expect(new Set(MAKEUP_MARKER_ROLES)).toEqual(
      new Set([...PRESENCE_WRITER_ROLES, ...MAKEUP_EDITORS]),
    )
  })

  it('a new absence must say whose it is and when', () => {
    expect(missingOnCreate(SYNCED.absences, { reason: 'x' })).toEqual([
      'participant',
      'fromDay',
      'toDay',
    ])
    expect(
      missingOnCreate(SYNCED.absences, { participant: 'a', fromDay: 'b', toDay: 'c' }),
    ).toEqual([])
    expect(missingOnCreate(SYNCED.attendance, { mark: 'present' })).toEqual([])
  })
})

describe('who can have edits waiting to sync', () => {
  it.each<[string, string[] | null, boolean]>([
    ['a visitor', null, false],
    ['a user without roles', [], false],
    ['admin', ['admin'], true],
    ['presenceEditor', ['presenceEditor'], true],
    ['participant (their own absences)', ['participant'], true],
    ['regEditor (marks make-up sessions)', ['regEditor'], true],
    // Whoever reads material keeps personal notes on its recordings.
    ['educator (notes on recordings)', ['educator'], true],
    ['fullRegEditor', ['fullRegEditor'], false],
    ['mediaEditor (manages material)', ['mediaEditor'], true],
    ['librarian (manages the library)', ['librarian'], true],
    ['seesAllMaterial (notes on recordings)', ['seesAllMaterial'], true],
    ['makeupEditor (marks make-up sessions)', ['makeupEditor'], true],
    ['educator and participant', ['educator', 'participant'], true],
    ['an unknown role', ['presence-editor'], false],
  ])('%s: %j -> %s', (_label, roles, expected) => {
    expect(canHavePendingEdits(roles ? { roles } : null)).toBe(expected)
  })

  // The writers a collection names must be exactly the roles its write rule lets make an edit:
  // each role alone tries the edit it is likeliest to be allowed (its own, for a later day).
  const TODAY = '2026-11-16'
  const tryEdit = (name: SyncCollection, role: Role) => {
    const actor = { username: 'someone@demo.test', roles: [role] }
    if (name === 'attendance') {
      const current = SYNCED.attendance.empty(`${studyDay}:${actor.username}`)
      return SYNCED.attendance.mayWrite(actor, { current, fields: { mark: 'present' } }, TODAY)
    }
    if (name === 'makeupAttendance') {
      const current = SYNCED.makeupAttendance.empty(`makeup-1:${actor.username}`)
      return SYNCED.makeupAttendance.mayWrite(
        actor,
        { current, fields: { mark: 'present' } },
        TODAY,
      )
    }
    if (name === 'materials') {
      const fields = {
        kind: 'document',
        years: [4],
        projects: ['LFIT2025'],
        visibility: 'participants',
        createdAt: 1,
      }
      return SYNCED.materials.mayWrite(actor, { current: null, fields }, TODAY)
    }
    if (name === 'library') {
      const fields = { kind: 'book', title: 'Anatomy of movement', createdAt: 1 }
      return SYNCED.library.mayWrite(actor, { current: null, fields }, TODAY)
    }
    if (name === 'mediaNotes') {
      const fields = { participant: actor.username, recording: 'r1', at: 5, createdAt: 1 }
      return SYNCED.mediaNotes.mayWrite(actor, { current: null, fields }, TODAY)
    }
    if (name === 'mediaProgress') {
      const id = `r1:${actor.username}`
      const fields = { participant: actor.username, recording: 'r1', position: 5 }
      return SYNCED.mediaProgress.mayWrite(actor, { current: null, fields, id }, TODAY)
    }
    if (name === 'calendar') {
      const fields = { kind: 'programme', venue: 'Studio' }
      return SYNCED.calendar.mayWrite(actor, { current: null, fields }, TODAY)
    }
    const fields = { participant: actor.username, fromDay: '2026-11-20', toDay: '2026-11-21' }
    return SYNCED.absences.mayWrite(actor, { current: null, fields }, TODAY)
  }
  it.each(SYNC_COLLECTIONS.flatMap((name) => ROLES.map((role) => [name, role] as const)))(
    '%s: %s may make some edit exactly when it is one of the writers',
    (name, role) => {
      expect(tryEdit(name, role).allowed).toBe(SYNCED[name].writers.includes(role))
    },
  )
})
