import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { LocalDatabase } from '../offline/database'
import { rememberShown, seenAtLastVisit } from './last-visit'

const opened: LocalDatabase[] = []
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close()
    await db.delete()
  }
})

async function device(): Promise<LocalDatabase> {
  const db = new LocalDatabase(`last-visit-${Math.random()}`)
  opened.push(db)
  await db.open()
  return db
}

describe('the material a reader has been shown', () => {
  it('is nothing on a first visit, then what each visit showed, per reader', async () => {
    const db = await device()
    expect(await seenAtLastVisit(db, 'hana')).toBeNull()
    await rememberShown(db, 'hana', [])
    expect(await seenAtLastVisit(db, 'hana')).toEqual([])
    await rememberShown(db, 'hana', ['a', 'b'])
    await rememberShown(db, 'hana', ['b', 'c'])
    expect(await seenAtLastVisit(db, 'hana')).toEqual(['a', 'b', 'c'])
    expect(await seenAtLastVisit(db, 'ana')).toBeNull()
  })
})
