// Saving through the device's outbox, as an editor's screen does: the queued edit carries the
// editor and this device, holds only what changed, and the editor's list shows it at once.
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import {
  emptyMaterial,
  libraryItemFieldsSchema,
  materialFieldsSchema,
  emptyLibraryItem,
} from '@lfit/domain/materials/material'
import { LocalDatabase } from '../offline/database'
import { libraryShown, materialsShown } from '../offline/local-view'
import { recordEdit } from '../offline/outbox'
import { changedFields, deleteRecord, saveRecord, type EditFn } from './edit'

const opened: LocalDatabase[] = []
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close()
    await db.delete()
  }
})

let ids = 0
function editorDevice(user: string) {
  const db = new LocalDatabase(`editing-${++ids}`)
  opened.push(db)
  const edit: EditFn = async (collection, recordId, fields) => {
    await recordEdit(
      db,
      { collection, recordId, fields, user },
      { now: () => 1_700_000_000_000, newId: () => `id-${++ids}` },
    )
  }
  return { db, edit }
}

const NOW = 1_764_000_000_000

describe('saving an edited record', () => {
  it('a new material is queued whole, stamped when made, by the editor on this device', async () => {
    const { db, edit } = editorDevice('urednik@example.com')
    const draft = {
      ...emptyMaterial('m1'),
      titleSl: 'Dihanje',
      years: [2],
      visibility: 'participants' as const,
    }
    const result = await saveRecord(edit, 'materials', null, draft, materialFieldsSchema, NOW)
    expect(result).toEqual({ saved: true })
    const [entry] = await db.outbox.toArray()
    expect(entry?.user).toBe('urednik@example.com')
    expect(entry?.mutation.deviceId).toMatch(/^device-/)
    expect(entry?.mutation.collection).toBe('materials')
    expect(entry?.mutation.recordId).toBe('m1')
    expect(entry?.mutation.fields).toMatchObject({ titleSl: 'Dihanje', years: [2], createdAt: NOW })
    expect(entry?.mutation.fields).not.toHaveProperty('stamps')
    expect(entry?.mutation.fields).not.toHaveProperty('_id')
    const shown = await materialsShown(db)
    expect(shown.map(({ record, pending }) => [record.titleSl, pending])).toEqual([['Dihanje', 1]])
  })

  it('an edit sends only the changed fields; an unchanged form queues nothing', async () => {
    const { db, edit } = editorDevice('urednik@example.com')
    const before = { ...emptyMaterial('m1'), titleSl: 'Dihanje', createdAt: 5 }
    await db.materials.put(before)
    expect(
      await saveRecord(edit, 'materials', before, { ...before }, materialFieldsSchema, NOW),
    ).toEqual({ saved: false, reason: 'unchanged' })
    const draft = { ...before, titleEn: 'Breathing', segments: [3, 99] }
    await saveRecord(edit, 'materials', before, draft, materialFieldsSchema, NOW)
    const entries = await db.outbox.toArray()
    expect(entries.map((entry) => entry.mutation.fields)).toEqual([
      { titleEn: 'Breathing', segments: [3, 99] },
    ])
  })

  it('what the record schema refuses is not queued', async () => {
    const { db, edit } = editorDevice('urednik@example.com')
    const draft = { ...emptyMaterial('m1'), kind: 'link' as const, url: 'javascript:alert(1)' }
    expect(await saveRecord(edit, 'materials', null, draft, materialFieldsSchema, NOW)).toEqual({
      saved: false,
      reason: 'invalid',
    })
    expect(await db.outbox.count()).toBe(0)
  })

  it('a deleted library item leaves the list at once, through a queued tombstone', async () => {
    const { db, edit } = editorDevice('knjiznicar@example.com')
    await db.library.bulkPut([
      { ...emptyLibraryItem('b1'), title: 'Telo in dih' },
      { ...emptyLibraryItem('b2'), title: 'Glas' },
    ])
    await deleteRecord(edit, 'library', 'b1')
    expect((await libraryShown(db)).map(({ record }) => record.title)).toEqual(['Glas'])
    const [entry] = await db.outbox.toArray()
    expect(entry?.mutation.fields).toEqual({ deleted: true })
    expect(libraryItemFieldsSchema.safeParse(entry?.mutation.fields).success).toBe(true)
  })

  it('changedFields compares lists and texts by value', () => {
    const before = { ...emptyMaterial('m1'), years: [1, 2] }
    expect(changedFields(before, { ...before, years: [1, 2] })).toEqual({})
    expect(changedFields(before, { ...before, years: [2] })).toEqual({ years: [2] })
  })
})
