import { describe, expect, it } from 'vitest'
import {
  absenceFieldsFor,
  fitsScope,
  makeupAttendanceReadScope,
  mayPushQueued,
  syncReadScope,
  type SyncActor,
  type SyncReadScope,
} from './permissions'
import { emptyAbsence, type AbsenceRecord } from '../records/absence'
import { emptyAttendance, type AttendanceRecord } from '../records/attendance'
import { SYNCED } from '../sync/registry'

/** An edit of either synced collection, judged by its collection's write rule. */
type SyncedWrite =
  | { collection: 'attendance'; current: AttendanceRecord | null; fields: Record<string, unknown> }
  | { collection: 'absences'; current: AbsenceRecord | null; fields: Record<string, unknown> }

const maySyncWrite = (actor: SyncActor, write: SyncedWrite, today: string) =>
  write.collection === 'attendance'
    ? SYNCED.attendance.mayWrite(actor, write, today)
    : SYNCED.absences.mayWrite(actor, write, today)

const TODAY = '2026-11-16'
const ana: SyncActor = { username: 'ana@demo.test', roles: ['participant'] }

const attendance = (fields: Record<string, unknown>): SyncedWrite => ({
  collection: 'attendance',
  current: emptyAttendance('lfit_20261116:ana@demo.test') as AttendanceRecord,
  fields,
})

const absence = (
  current: Partial<AbsenceRecord> | null,
  fields: Record<string, unknown>,
): SyncedWrite => ({
  collection: 'absences',
  current: current ? { ...emptyAbsence('abs-1'), ...current } : null,
  fields,
})

const newAbsence = (fields: Record<string, unknown>) =>
  absence(null, { fromDay: '2026-11-17', toDay: '2026-11-18', ...fields })

describe('the write rules of the synced collections: who may write which record', () => {
  it.each<{ label: string; actor: SyncActor; write: SyncedWrite; allowed: boolean }>([
    {
      label: 'admin marks attendance',
      actor: { username: 'a', roles: ['admin'] },
      write: attendance({ mark: 'present' }),
      allowed: true,
    },
    {
      label: 'presence editor marks attendance',
      actor: { username: 'p', roles: ['presenceEditor'] },
      write: attendance({ mark: 'late', note: 'bus' }),
      allowed: true,
    },
    {
      label: 'presence editor edits anyone’s past absence',
      actor: { username: 'p', roles: ['presenceEditor'] },
      write: absence({ participant: 'bor', fromDay: '2025-01-01' }, { excused: true }),
      allowed: true,
    },
    {
      label: 'participant may not mark attendance, not even their own',
      actor: ana,
      write: attendance({ mark: 'present' }),
      allowed: false,
    },
    {
      label: 'participant reports their own absence starting tomorrow',
      actor: ana,
      write: newAbsence({ participant: ana.username }),
      allowed: true,
    },
    {
      label: 'participant reports an absence starting today',
      actor: ana,
      write: newAbsence({ participant: ana.username, fromDay: TODAY }),
      allowed: false,
    },
    {
      label: 'participant reports an absence for someone else',
      actor: ana,
      write: newAbsence({ participant: 'bor@demo.test' }),
      allowed: false,
    },
    {
      label: 'participant creates an absence without naming the participant',
      actor: ana,
      write: newAbsence({}),
      allowed: false,
    },
    {
      label: 'participant edits the reason of their own future absence',
      actor: ana,
      write: absence({ participant: ana.username, fromDay: '2026-12-01' }, { reason: 'flu' }),
      allowed: true,
    },
    {
      label: 'participant moves their own past absence into the future',
      actor: ana,
      write: absence(
        { participant: ana.username, fromDay: '2026-11-01' },
        { fromDay: '2026-12-01' },
      ),
      allowed: false,
    },
    {
      label: 'participant moves their own future absence into the past',
      actor: ana,
      write: absence(
        { participant: ana.username, fromDay: '2026-12-01' },
        { fromDay: '2026-11-01' },
      ),
      allowed: false,
    },
    {
      label: 'participant takes over someone else’s absence',
      actor: ana,
      write: absence(
        { participant: 'bor@demo.test', fromDay: '2026-12-01' },
        { participant: ana.username },
      ),
      allowed: false,
    },
    {
      label: 'participant deletes their own future absence',
      actor: ana,
      write: absence({ participant: ana.username, fromDay: '2026-12-01' }, { deleted: true }),
      allowed: true,
    },
    {
      label: 'participant excuses their own future absence',
      actor: ana,
      write: absence({ participant: ana.username, fromDay: '2026-12-01' }, { excused: true }),
      allowed: false,
    },
    {
      label: 'participant reports their own absence as excused',
      actor: ana,
      write: newAbsence({ participant: ana.username, excused: true }),
      allowed: false,
    },
    {
      label: 'participant clears the excuse a presence editor gave their future absence',
      actor: ana,
      write: absence(
        { participant: ana.username, fromDay: '2026-12-01', excused: true },
        { reason: 'flu', excused: false },
      ),
      allowed: false,
    },
    {
      label: 'educator may read but not write',
      actor: { username: 'e', roles: ['educator'] },
      write: newAbsence({ participant: 'e' }),
      allowed: false,
    },
    {
      label: 'a user with no roles writes nothing',
      actor: { username: 'x', roles: [] },
      write: attendance({ mark: 'present' }),
      allowed: false,
    },
  ])('$label', ({ actor, write, allowed }) => {
    const decision = maySyncWrite(actor, write, TODAY)
    expect(decision.allowed).toBe(allowed)
    if (!decision.allowed) {
      expect(decision.code).toBe('forbidden')
      expect(decision.message.sl).not.toBe('')
      expect(decision.message.en).not.toBe('')
      expect(decision.message.sl).not.toBe(decision.message.en)
    }
  })
})

describe('absenceFieldsFor: the fields of an absence a user may set (what the form shows)', () => {
  it.each<{ roles: string[]; fields: string[] }>([
    {
      roles: ['admin'],
      fields: ['participant', 'fromDay', 'toDay', 'reason', 'excused', 'deleted'],
    },
    {
      roles: ['presenceEditor', 'participant'],
      fields: ['participant', 'fromDay', 'toDay', 'reason', 'excused', 'deleted'],
    },
    { roles: ['participant'], fields: ['fromDay', 'toDay', 'reason', 'deleted'] },
    { roles: ['educator'], fields: [] },
    { roles: [], fields: [] },
  ])('$roles may set $fields', ({ roles, fields }) => {
    expect([...absenceFieldsFor({ username: 'u', roles })].sort()).toEqual([...fields].sort())
  })
})

describe('syncReadScope', () => {
  it.each([
    { roles: ['admin'], kind: 'all' },
    { roles: ['presenceEditor'], kind: 'all' },
    { roles: ['regEditor'], kind: 'all' },
    // Their make-up lists are made of who missed which day.
    { roles: ['makeupEditor'], kind: 'all' },
    { roles: ['educator', 'participant'], kind: 'all' },
    { roles: ['participant'], kind: 'own' },
    { roles: ['mediaEditor'], kind: 'none' },
    { roles: [], kind: 'none' },
  ])('$roles reads $kind', ({ roles, kind }) => {
    expect(syncReadScope({ username: 'u', roles }).kind).toBe(kind)
  })

  it('a participant’s own scope names them', () => {
    expect(syncReadScope(ana)).toEqual({ kind: 'own', participant: ana.username })
  })
})

describe('makeupAttendanceReadScope', () => {
  it.each([
    { roles: ['admin'], kind: 'all' },
    { roles: ['presenceEditor'], kind: 'all' },
    { roles: ['regEditor'], kind: 'all' },
    { roles: ['makeupEditor'], kind: 'all' },
    { roles: ['educator'], kind: 'all' },
    { roles: ['participant'], kind: 'own' },
    { roles: ['mediaEditor'], kind: 'none' },
  ])('$roles reads $kind', ({ roles, kind }) => {
    expect(makeupAttendanceReadScope({ username: 'u', roles }).kind).toBe(kind)
  })
})

describe('mayPushQueued: whose queued edits a login pushes', () => {
  const editor: SyncActor = { username: 'eva@demo.test', roles: ['presenceEditor'] }
  it.each([
    ['a participant, their own edit', ana, 'ana@demo.test', true],
    ['a participant, an edit left by the presence editor', ana, 'eva@demo.test', false],
    ['a presence editor, their own edit', editor, 'eva@demo.test', true],
    ['a presence editor, an edit left by an earlier login', editor, 'admin@demo.test', true],
  ])('%s', (_label, actor, queuedBy, expected) => {
    expect(mayPushQueued(actor, queuedBy)).toBe(expected)
  })
})

describe('fitsScope: the rule the pull queries by', () => {
  const some: SyncReadScope = {
    kind: 'some',
    anyOf: [{ visibility: ['participants'], years: [1, 2] }, { educators: ['maja'] }],
  }
  it.each<[string, SyncReadScope, Record<string, unknown>, boolean]>([
    ['all', { kind: 'all' }, {}, true],
    ['none', { kind: 'none' }, { participant: 'ana' }, false],
    ['own: theirs', { kind: 'own', participant: 'ana' }, { participant: 'ana' }, true],
    ['own: someone else’s', { kind: 'own', participant: 'ana' }, { participant: 'bor' }, false],
    [
      'a list field with one listed item',
      some,
      { visibility: 'participants', years: [3, 2] },
      true,
    ],
    ['a list field with none listed', some, { visibility: 'participants', years: [3] }, false],
    ['an empty list field', some, { visibility: 'participants', years: [] }, false],
    ['one field of a clause missing', some, { years: [1] }, false],
    ['another clause fits', some, { visibility: 'staff', educators: ['tone', 'maja'] }, true],
    ['no clause', { kind: 'some', anyOf: [] }, { years: [1] }, false],
  ])('%s', (_label, scope, record, expected) => {
    expect(fitsScope(scope, record)).toBe(expected)
  })
})
