import { describe, expect, it } from 'vitest'
import { ROLES, type Role } from '../access/roles'
import { fitsScope, type ReaderFacts, type SyncActor } from '../attendance/permissions'
import {
  LIBRARY_MANAGER_ROLES,
  LIBRARY_READER_ROLES,
  libraryReadScope,
  MATERIAL_WRITER_ROLES,
  materialReadScope,
  materialYears,
  mayWriteLibraryItem,
  mayWriteMaterial,
} from './access'
import { emptyLibraryItem, emptyMaterial, type MaterialRecord } from './material'

const material = (id: string, fields: Partial<MaterialRecord>): MaterialRecord => ({
  ...emptyMaterial(id),
  kind: 'document',
  createdAt: 1,
  ...fields,
})

/** Every visibility, with and without a year of the reader, an educator and a project. */
const SAMPLES = [
  material('year1', { visibility: 'participants', years: [1], educators: ['maja'] }),
  material('year1NoEducator', { visibility: 'participants', years: [1] }),
  material('year2', { visibility: 'participants', years: [2], educators: ['maja'] }),
  material('restrictedMaja', { visibility: 'restricted', years: [1], educators: ['maja'] }),
  material('restrictedTone', { visibility: 'restricted', years: [1], educators: ['tone'] }),
  material('staff', { visibility: 'staff', years: [1], educators: ['maja'] }),
  material('project', { visibility: 'participants', projects: ['LFIT2025'] }),
  material('projectStaff', { visibility: 'staff', projects: ['LFIT2025'] }),
  material('deleted', { visibility: 'participants', years: [1], deleted: true }),
]
const ALL = SAMPLES.map((sample) => sample._id)

const facts = (more: Partial<ReaderFacts> = {}): ReaderFacts => ({
  years: [1],
  showOnlyEducators: [],
  projects: [],
  ...more,
})
const as = (roles: string[], readerFacts: ReaderFacts = facts()): SyncActor => ({
  username: 'someone@demo.test',
  roles,
  facts: readerFacts,
})
const readable = (actor: SyncActor) => {
  const scope = materialReadScope(actor)
  return SAMPLES.filter((sample) => fitsScope(scope, sample)).map((sample) => sample._id)
}

describe('who reads which material (every role × visibility × restriction)', () => {
  const NOTHING: string[] = []
  const byRole: Record<Role, string[]> = {
    admin: ALL,
    mediaEditor: ALL,
    regEditor: ALL,
    educator: ALL,
    seesAllMaterial: ALL,
    projectEditor: ['project', 'projectStaff'],
    // Year 1, no showOnlyEducators: the participants' material of year 1, deleted ones included
    // (so their device drops its copy).
    participant: ['year1', 'year1NoEducator', 'deleted'],
    fullRegEditor: NOTHING,
    presenceEditor: NOTHING,
    ED: NOTHING,
    makeupEditor: NOTHING,
    photoEditor: NOTHING,
    librarian: NOTHING,
    seesLibrary: NOTHING,
    pageEditor: NOTHING,
    calendarEditor: NOTHING,
  }
  it.each(ROLES)('%s, in year 1', (role) => {
    expect(readable(as([role]))).toEqual(byRole[role])
  })

  it.each<[string, SyncActor, string[]]>([
    [
      'a participant limited to maja: her material of their year and her restricted material',
      as(['participant'], facts({ showOnlyEducators: ['maja'] })),
      ['year1', 'restrictedMaja'],
    ],
    ['a participant of year 2', as(['participant'], facts({ years: [2] })), ['year2']],
    [
      'a participant of years 1 and 2',
      as(['participant'], facts({ years: [1, 2] })),
      ['year1', 'year1NoEducator', 'year2', 'deleted'],
    ],
    [
      'a participant in no year, member of LFIT2025',
      as(['participant'], facts({ years: [], projects: ['LFIT2025'] })),
      ['project'],
    ],
    ['a participant in no year', as(['participant'], facts({ years: [] })), []],
    ['a participant the server knows nothing of', { username: 'x', roles: ['participant'] }, []],
    [
      'someone limited to maja without a material role',
      as([], facts({ showOnlyEducators: ['maja'] })),
      [],
    ],
    [
      'limits do not narrow a role that reads all',
      as(['participant', 'seesAllMaterial'], facts({ showOnlyEducators: ['tone'] })),
      ALL,
    ],
    [
      'a project editor who is a participant of year 2',
      as(['projectEditor', 'participant'], facts({ years: [2] })),
      ['year2', 'project', 'projectStaff'],
    ],
  ])('%s', (_label, actor, expected) => {
    expect(readable(actor)).toEqual(expected)
  })

  it('a scope with nothing in it is none', () => {
    expect(materialReadScope(as(['participant'], facts({ years: [] })))).toEqual({ kind: 'none' })
    expect(materialReadScope(as(['admin']))).toEqual({ kind: 'all' })
  })
})

describe('the years whose material a participant reads', () => {
  it.each<[string, { year: number; status: string }[], number | undefined, number[]]>([
    ['accepted', [{ year: 2, status: 'accepted' }], 1, [2]],
    [
      'completed years stay',
      [
        { year: 1, status: 'completed' },
        { year: 2, status: 'accepted' },
      ],
      undefined,
      [1, 2],
    ],
    [
      'applied, declined and withdrawn do not count',
      [
        { year: 3, status: 'applied' },
        { year: 4, status: 'declined' },
        { year: 5, status: 'withdrawn' },
      ],
      3,
      [],
    ],
    ['no enrolment: the account’s year', [], 3, [3]],
    ['no enrolment and no year', [], undefined, []],
  ])('%s', (_label, enrolments, accountYear, expected) => {
    expect(materialYears(enrolments, accountYear)).toEqual(expected)
  })
})

describe('who manages material', () => {
  const programme = material('m', { visibility: 'participants', years: [1] })
  const project = material('p', { visibility: 'participants', projects: ['LFIT2025'] })
  it.each<[string, Role, MaterialRecord | null, Record<string, unknown>, boolean]>([
    ['a media editor creates', 'mediaEditor', null, { years: [1] }, true],
    ['a registration editor edits', 'regEditor', programme, { titleSl: 'x' }, true],
    ['the admin deletes', 'admin', programme, { deleted: true }, true],
    [
      'a project editor creates project material',
      'projectEditor',
      null,
      { projects: ['LFIT2025'] },
      true,
    ],
    ['a project editor edits project material', 'projectEditor', project, { titleEn: 'x' }, true],
    ['a project editor creates programme material', 'projectEditor', null, { years: [1] }, false],
    [
      'a project editor edits programme material',
      'projectEditor',
      programme,
      { titleEn: 'x' },
      false,
    ],
    [
      'a project editor takes material out of the projects',
      'projectEditor',
      project,
      { projects: [] },
      false,
    ],
    [
      'a project editor moves programme material into a project',
      'projectEditor',
      programme,
      { projects: ['LFIT2025'] },
      false,
    ],
    ['a participant', 'participant', null, { years: [1] }, false],
    ['a participant edits', 'participant', programme, { titleSl: 'x' }, false],
    ['seesAllMaterial', 'seesAllMaterial', programme, { titleSl: 'x' }, false],
    ['an educator', 'educator', programme, { titleSl: 'x' }, false],
    ['a librarian', 'librarian', programme, { titleSl: 'x' }, false],
  ])('%s: %s', (_label, role, current, fields, allowed) => {
    const decision = mayWriteMaterial({ username: 'u', roles: [role] }, { current, fields })
    expect(decision.allowed).toBe(allowed)
    if (!decision.allowed) expect(decision.message.sl).not.toBe('')
  })

  it('writers are the roles with a manage grant', () => {
    expect([...MATERIAL_WRITER_ROLES].sort()).toEqual(
      ['admin', 'mediaEditor', 'projectEditor', 'regEditor'].sort(),
    )
  })
})

describe('the library', () => {
  it.each(ROLES)('%s', (role) => {
    const actor = { username: 'u', roles: [role] }
    const reads = libraryReadScope(actor).kind === 'all'
    const manages = mayWriteLibraryItem(actor, {
      current: emptyLibraryItem('l'),
      fields: { title: 'x' },
    }).allowed
    const expected = {
      admin: [true, true],
      mediaEditor: [true, true],
      projectEditor: [true, true],
      librarian: [true, true],
      seesLibrary: [true, false],
      participant: [true, false],
    } as Partial<Record<Role, [boolean, boolean]>>
    expect([reads, manages]).toEqual(expected[role] ?? [false, false])
    expect(LIBRARY_READER_ROLES.includes(role)).toBe(reads)
    expect(LIBRARY_MANAGER_ROLES.includes(role)).toBe(manages)
  })
})
