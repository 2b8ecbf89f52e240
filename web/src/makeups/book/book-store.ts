// The make-up book on this device (POST /api/makeups/book): the last one fetched, kept in the
// local database with the username it was fetched for, so the make-up figures work offline and
// a shared tablet never shows one login's book to the next.
import { makeupBookSchema, type MakeupBook } from '@lfit/domain/makeups/book'
import { api } from '../../api/api'
import type { LocalDatabase } from '../../offline/database'

export const BOOK_KEY = 'makeupBook'

export interface StoredBook {
  user: string
  book: MakeupBook
}

/** The stored book if it is `username`'s; undefined otherwise. */
export async function storedBook(
  db: LocalDatabase,
  username: string,
): Promise<MakeupBook | undefined> {
  const entry = (await db.meta.get(BOOK_KEY))?.value as StoredBook | undefined
  return entry?.user === username ? entry.book : undefined
}

/**
 * Fetches `username`'s book and keeps it. Offline or refused, the last book stays: the screens
 * go on with what the device knows, and the next finished sync tries again.
 */
export async function fetchBookInto(db: LocalDatabase, username: string): Promise<boolean> {
  let book: MakeupBook
  try {
    book = await api.action('/api/makeups/book', {}, makeupBookSchema, 'read', 'sync')
  } catch {
    return false
  }
  await db.meta.put({ key: BOOK_KEY, value: { user: username, book } satisfies StoredBook })
  return true
}
