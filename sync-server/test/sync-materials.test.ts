// Material and the library through push and pull on both stores: who reads what (every role ×
// kind × visibility × restriction, by the store's query and the domain's rule alike), who writes,
// rich text cleaned before storage, records that leave a reader's scope withdrawn from their
// device, and a reader whose scope grows starting over with a snapshot.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fitsScope } from '@lfit/domain/attendance/permissions'
import { ROLES, type Role } from '@lfit/domain/access/roles'
import { materialReadScope } from '@lfit/domain/materials/access'
import { MATERIAL_KINDS } from '@lfit/domain/materials/material'
import type { Mutation, PullResponse } from '@lfit/domain/sync/protocol'
import { pull } from '../src/sync/pull'
import { pushBatch, HISTORY } from '../src/sync/push'
import { readerFacts } from '../src/sync/reader'
import type { Store } from '../src/store/port'
import type { SyncUser } from '../src/sync/context'
import {
  EDITOR,
  NOW,
  STORE_KINDS,
  context,
  edit,
  openTestStore,
  type TestStore,
} from './sync-fixtures'

const who = (username: string, ...roles: Role[]): SyncUser => ({ username, roles })
const MEDIA = who('media@demo.test', 'mediaEditor')

const materialEdit = (id: string, fields: Record<string, unknown>, wall = NOW) =>
  edit(id, fields, { collection: 'materials', wall })

/** A new material as an editor makes it: every field a reader's filter looks at is set. */
const published = (id: string, fields: Record<string, unknown>) =>
  materialEdit(id, {
    kind: 'document',
    titleSl: `Gradivo ${id}`,
    titleEn: `Material ${id}`,
    years: [],
    projects: [],
    educators: [],
    createdAt: NOW,
    ...fields,
  })

/** Every visibility, with and without a year of the reader, an educator and a project. */
const SAMPLES: Record<string, Record<string, unknown>> = {
  year1: { visibility: 'participants', years: [1], educators: ['maja'] },
  year1NoEducator: { visibility: 'participants', years: [1] },
  year2: { visibility: 'participants', years: [2], educators: ['maja'] },
  restrictedMaja: { visibility: 'restricted', years: [1], educators: ['maja'] },
  restrictedTone: { visibility: 'restricted', years: [1], educators: ['tone'] },
  staff: { visibility: 'staff', years: [1], educators: ['maja'] },
  project: { visibility: 'participants', projects: ['LFIT2025'] },
  projectStaff: { visibility: 'staff', projects: ['LFIT2025'] },
}

/** Each sample in every kind of material: what a reader may read never depends on the kind. */
const KINDED = Object.entries(SAMPLES).flatMap(([id, fields]) =>
  MATERIAL_KINDS.map((kind): [string, Record<string, unknown>] => [
    `${id}-${kind}`,
    { ...fields, kind, ...(kind === 'link' ? { url: 'https://example.org/lfit' } : {}) },
  ]),
)
const inEveryKind = (ids: readonly string[]) =>
  ids.flatMap((id) => MATERIAL_KINDS.map((kind) => `${id}-${kind}`))

const materialIds = (pages: PullResponse[]) =>
  pages.flatMap((page) => page.changes.materials.map((record) => record._id)).sort()

describe.each(STORE_KINDS)('material on the %s store', (kind) => {
  let db: TestStore
  let store: Store
  beforeEach(async () => {
    db = await openTestStore(kind)
    store = db.store
  })
  afterEach(() => db.close())

  const push = (batch: Mutation[], user = MEDIA) =>
    pushBatch(context(store, user), batch[0]!.collection, batch)

  /** A user account, and their enrolments (none: the account's year counts). */
  async function person(
    username: string,
    account: { year?: number; showOnlyEducators?: string[]; projects?: string[] },
    enrolments: { year: number; status: string }[] = [],
  ) {
    await store.collection('users').insert({ _id: username, username, ...account })
    if (enrolments.length > 0) {
      await store
        .collection('enrolments')
        .insert(enrolments.map((e) => ({ _id: `${username}:${e.year}`, person: username, ...e })))
    }
  }

  async function pullAll(user: SyncUser, cursor: string | null = null) {
    const pages: PullResponse[] = []
    for (;;) {
      const page = await pull(context(store, user), {
        v: 1,
        cursor: pages.at(-1)?.cursor ?? cursor,
      })
      pages.push(page)
      if (!page.more) return pages
    }
  }

  it('every role reads what the material grants say, in the store’s query as in the rule', async () => {
    const results = await push(KINDED.map(([id, fields]) => published(id, fields)))
    expect(results.every((result) => result.status === 'applied')).toBe(true)
    const records = await store.collection('materials').find({})
    const readers: [string, SyncUser, string[] | null][] = ROLES.map((role) => [
      role,
      who(`${role.toLowerCase()}@demo.test`, role),
      null,
    ])
    readers.push(
      ['participant of year 1', who('ana@demo.test', 'participant'), ['year1', 'year1NoEducator']],
      [
        'participant of year 1 limited to maja',
        who('bor@demo.test', 'participant'),
        ['restrictedMaja', 'year1'],
      ],
      ['participant of year 2 by their account', who('cene@demo.test', 'participant'), ['year2']],
      ['participant in LFIT2025', who('dana@demo.test', 'participant'), ['project']],
      ['seesAllMaterial', who('eva@demo.test', 'seesAllMaterial'), Object.keys(SAMPLES).sort()],
      ['projectEditor', who('filip@demo.test', 'projectEditor'), ['project', 'projectStaff']],
      ['presenceEditor', who('gal@demo.test', 'presenceEditor'), []],
    )
    for (const role of ROLES)
      await person(`${role.toLowerCase()}@demo.test`, {}, [{ year: 1, status: 'accepted' }])
    await person('ana@demo.test', { year: 3 }, [
      { year: 1, status: 'accepted' },
      { year: 2, status: 'applied' },
    ])
    await person('bor@demo.test', { showOnlyEducators: ['maja'] }, [
      { year: 1, status: 'completed' },
    ])
    await person('cene@demo.test', { year: 2 })
    await person('dana@demo.test', { projects: ['LFIT2025'] })
    for (const [label, user, expected] of readers) {
      const pages = await pullAll(user)
      const facts = await readerFacts(store, user.username)
      const scope = materialReadScope({ ...user, facts })
      const byRule = records
        .filter((record) => fitsScope(scope, record))
        .map((r) => r._id)
        .sort()
      expect(materialIds(pages), label).toEqual(byRule)
      if (expected) expect(materialIds(pages), label).toEqual(inEveryKind(expected).sort())
    }
  })

  it('only material editors write material; a project editor only project material', async () => {
    const participant = who('ana@demo.test', 'participant')
    const projectEditor = who('pe@demo.test', 'projectEditor')
    const [byParticipant] = await push([published('p1', SAMPLES.year1!)], participant)
    expect(byParticipant).toMatchObject({ status: 'rejected', reason: { code: 'forbidden' } })
    const [programme] = await push([published('p2', SAMPLES.year1!)], projectEditor)
    expect(programme).toMatchObject({ status: 'rejected', reason: { code: 'forbidden' } })
    const [project] = await push([published('p3', SAMPLES.project!)], projectEditor)
    expect(project).toMatchObject({ status: 'applied' })
    const [byEditor] = await push([published('p4', SAMPLES.year1!)], EDITOR)
    expect(byEditor).toMatchObject({ status: 'rejected', reason: { code: 'forbidden' } })
    expect((await store.collection('materials').find({})).map((r) => r._id)).toEqual(['p3'])
  })

  it('cleans rich text before it is stored or kept in history', async () => {
    const dirty = '<p onclick="steal()">Dihanje<script>alert(1)</script></p><img src=x onerror=y>'
    const push1 = published('m1', { ...SAMPLES.year1, descriptionSl: dirty })
    expect(await push([push1])).toMatchObject([{ status: 'applied' }])
    const stored = await store.collection('materials').findById('m1')
    expect(stored?.descriptionSl).toBe('<p>Dihanje</p>')
    const kept = await store.collection(HISTORY).findById(push1.id)
    expect(kept?.fields).toMatchObject({ descriptionSl: '<p>Dihanje</p>' })
    await push([
      edit(
        'l1',
        { kind: 'book', title: 'Glas', notes: '<a href="javascript:x()">x</a>', createdAt: 1 },
        { collection: 'library' },
      ),
    ])
    expect((await store.collection('library').findById('l1'))?.notes).toBe('x')
  })

  it('withdraws a record that left a reader’s scope, with nothing of it but its id', async () => {
    await person('ana@demo.test', {}, [{ year: 1, status: 'accepted' }])
    await person('bor@demo.test', {}, [{ year: 2, status: 'accepted' }])
    const ana = who('ana@demo.test', 'participant')
    const bor = who('bor@demo.test', 'participant')
    await push([published('m1', SAMPLES.year1!)])
    const anaStart = await pullAll(ana)
    const borStart = await pullAll(bor)
    expect(materialIds(anaStart)).toEqual(['m1'])
    expect(materialIds(borStart)).toEqual([])

    // Unpublished: back to the staff.
    await push([materialEdit('m1', { visibility: 'staff', titleSl: 'Osnutek' }, NOW + 1)])
    for (const [user, start] of [
      [ana, anaStart],
      [bor, borStart],
    ] as const) {
      const [page] = await pullAll(user, start.at(-1)!.cursor)
      expect(page!.reset).toBe(false)
      expect(page!.changes.materials).toEqual([
        expect.objectContaining({ _id: 'm1', deleted: true, titleSl: '', years: [], stamps: {} }),
      ])
    }
  })

  it('a reader whose scope grows starts over with a snapshot that brings the earlier records', async () => {
    await person('ana@demo.test', {})
    const ana = who('ana@demo.test', 'participant')
    const before = await pullAll(ana)
    await push([published('m2', SAMPLES.year2!)])
    const unchanged = await pullAll(ana, before.at(-1)!.cursor)
    expect(unchanged[0]!.reset).toBe(false)
    expect(materialIds(unchanged)).toEqual([])

    await store
      .collection('enrolments')
      .insert({ _id: 'e1', person: ana.username, year: 2, status: 'accepted' })
    const after = await pullAll(ana, unchanged.at(-1)!.cursor)
    expect(after[0]!.reset).toBe(true)
    expect(materialIds(after)).toEqual(['m2'])
    // And from then on by the log again.
    expect((await pullAll(ana, after.at(-1)!.cursor))[0]!.reset).toBe(false)
  })

  it('leaves the cursors of readers of no material as they were', async () => {
    const page = await pull(context(store, EDITOR), { v: 1, cursor: null })
    expect(page.cursor).not.toContain('~')
    const admin = await pull(context(store, who('a@demo.test', 'admin')), {
      v: 1,
      cursor: null,
    })
    expect(admin.cursor).toContain('~')
  })

  it('the library: its readers pull it, its managers write it', async () => {
    const item = (id: string) =>
      edit(id, { kind: 'book', title: `Knjiga ${id}`, createdAt: 1 }, { collection: 'library' })
    const librarian = who('lib@demo.test', 'librarian')
    expect(await push([item('l1')], librarian)).toMatchObject([{ status: 'applied' }])
    expect(await push([item('l2')], who('ana@demo.test', 'participant'))).toMatchObject([
      { status: 'rejected', reason: { code: 'forbidden' } },
    ])
    const ids = async (user: SyncUser) =>
      (await pullAll(user)).flatMap((p) => p.changes.library.map((r) => r._id))
    expect(await ids(who('ana@demo.test', 'participant'))).toEqual(['l1'])
    expect(await ids(who('s@demo.test', 'seesLibrary'))).toEqual(['l1'])
    expect(await ids(EDITOR)).toEqual([])
  })
})
