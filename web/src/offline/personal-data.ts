// What a person leaves on a shared device (the studio tablet, a family or library computer) is
// forgotten when they leave it: the records pulled for them, the people they may see, their
// material, notes and where they were in a recording, the make-up book, the files they kept
// offline and their unsaved note drafts. Only what the sync invariants need stays: the outbox
// of unsent edits and the notices of edits that did not apply (docs/sync-protocol.md,
// invariants 2 and 5), and the device's own id and clock. Queued edits are sent by the next
// login that may send them (docs/0008-studio-tablet-session.md); see
// docs/0034-shared-devices-forget-the-last-user.md.
import type { LocalDatabase } from './database'

/**
 * The tables that outlive a logout; every other table of the device database is personal. The
 * calendar is nobody's: everyone reads it, and the next start shows it before any sync
 * (docs/0049-devices-follow-the-calendar.md).
 */
export const KEPT_TABLES: ReadonlySet<string> = new Set(['outbox', 'notices', 'calendar'])

/**
 * The `meta` rows that outlive a logout: the device id and its clock, which every queued edit is
 * stamped with and which must never run backwards (docs/sync-protocol.md, invariant 4). Every
 * other row (the pull cursor, the make-up book, what material a reader has seen, the last sync's
 * time and error) goes, so the next login pulls a full snapshot of what *it* may read.
 */
export const KEPT_META: ReadonlySet<string> = new Set(['deviceId', 'hlc'])

/** Whose personal data the device database holds (null: nobody's). */
export const OWNER_KEY = 'owner'

/**
 * Makes `username` (null: nobody) the owner of the device's personal data: when the data belongs
 * to someone else, or to nobody known (a database from a build before this one), it is cleared
 * first. One transaction over every table, so a device is never left half cleared; it changes
 * nothing when the owner is already `username`, so the sync engine may call it before every run.
 * Answers whether it cleared.
 */
export async function claimDevice(db: LocalDatabase, username: string | null): Promise<boolean> {
  const owner = async () => (await db.meta.get(OWNER_KEY))?.value
  // The common case (the same person syncing again) reads one row and writes nothing.
  if ((await owner()) === username) return false
  return db.transaction('rw', db.tables, async () => {
    if ((await owner()) === username) return false
    const personal = db.tables.filter(
      (table) => !KEPT_TABLES.has(table.name) && table.name !== 'meta',
    )
    await Promise.all(personal.map((table) => table.clear()))
    const metaKeys = (await db.meta.toCollection().primaryKeys()).filter(
      (key) => !KEPT_META.has(key),
    )
    await db.meta.bulkDelete(metaKeys)
    await db.meta.put({ key: OWNER_KEY, value: username })
    return true
  })
}
