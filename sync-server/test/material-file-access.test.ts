// Who may download a stored file, on both stores: whoever may read a material or library item
// that lists it, its uploader, and the managers; a guessed id of a file they may not read, or
// one only deleted material lists, opens nothing. And where each file is used, for /dir.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Role } from '@lfit/domain/access/roles'
import { emptyLibraryItem, emptyMaterial, type FileRef } from '@lfit/domain/materials/material'
import type { PublicUser } from '@lfit/domain/users/user'
import type { Session } from '../src/auth/session'
import type { FileMeta } from '../src/files/access'
import { createMaterialFileAccess } from '../src/materials/file-access'
import type { Doc, Store } from '../src/store/port'
import { STORE_KINDS, openTestStore, type TestStore } from './sync-fixtures'

const ref = (fileId: string): FileRef => ({
  fileId,
  name: `${fileId}.pdf`,
  size: 1,
  type: 'application/pdf',
})

const file = (id: string, uploadedBy = 'media@demo.test'): FileMeta => ({
  _id: id,
  hash: 'a'.repeat(64),
  size: 1,
  type: 'application/pdf',
  kind: 'document',
  name: `${id}.pdf`,
  uploadedBy,
  uploadedAt: 1,
})

const session = (username: string, ...roles: Role[]): Session => ({
  user: { _id: username, username, roles, status: 'active' } as PublicUser,
  roles,
  acting: null,
})

describe.each(STORE_KINDS)('material file access on the %s store', (kind) => {
  let db: TestStore
  let store: Store
  beforeEach(async () => {
    db = await openTestStore(kind)
    store = db.store
    const material = (id: string, fields: Record<string, unknown>) =>
      ({ ...emptyMaterial(id), titleSl: `Gradivo ${id}`, ...fields }) as unknown as Doc
    await store.collection('materials').insert([
      material('m1', { visibility: 'participants', years: [1], files: [ref('f1')] }),
      material('m2', { visibility: 'staff', years: [1], files: [ref('f2')] }),
      material('m3', {
        visibility: 'participants',
        years: [1],
        files: [ref('f3')],
        deleted: true,
      }),
      material('m4', { visibility: 'participants', years: [2], files: [ref('f1')] }),
    ])
    await store
      .collection('library')
      .insert({ ...emptyLibraryItem('l1'), title: 'Glas', files: [ref('f4')] } as unknown as Doc)
    await store.collection('enrolments').insert([
      { _id: 'e1', person: 'ana@demo.test', year: 1, status: 'accepted' },
      { _id: 'e2', person: 'bor@demo.test', year: 3, status: 'accepted' },
    ])
  })
  afterEach(() => db.close())

  const access = () => createMaterialFileAccess({ store: async () => store })
  const FILES = ['f1', 'f2', 'f3', 'f4', 'f5']

  it.each<[string, Session | null, string[]]>([
    ['a visitor', null, []],
    [
      'a participant of year 1: their year’s material and the library',
      session('ana@demo.test', 'participant'),
      ['f1', 'f4'],
    ],
    ['a participant of year 3', session('bor@demo.test', 'participant'), ['f4']],
    ['a presence editor', session('eva@demo.test', 'presenceEditor'), []],
    ['seesAllMaterial', session('sam@demo.test', 'seesAllMaterial'), ['f1', 'f2']],
    ['the uploader of an unused file', session('up@demo.test'), ['f5']],
    ['a media editor', session('media2@demo.test', 'mediaEditor'), FILES],
    ['a librarian', session('lib@demo.test', 'librarian'), FILES],
  ])('%s', async (_label, caller, allowed) => {
    const fileAccess = access()
    const uploader = (id: string) => (id === 'f5' ? 'up@demo.test' : 'media@demo.test')
    const may = []
    for (const id of FILES) {
      if (await fileAccess.mayDownload(caller, file(id, uploader(id)))) may.push(id)
    }
    expect(may).toEqual(allowed)
  })

  it('answers where each file is used, leaving out deleted material and unused files', async () => {
    const uses = await access().usesOf(FILES)
    expect(Object.fromEntries(uses)).toEqual({
      f1: [
        { collection: 'materials', id: 'm1', title: 'Gradivo m1' },
        { collection: 'materials', id: 'm4', title: 'Gradivo m4' },
      ],
      f2: [{ collection: 'materials', id: 'm2', title: 'Gradivo m2' }],
      f4: [{ collection: 'library', id: 'l1', title: 'Glas' }],
    })
    expect((await access().usesOf([])).size).toBe(0)
  })
})
