// "New since my last visit" on /gradiva: the device remembers, per reader, which material they
// had been shown. A visit compares the list with what was remembered when it began, so what is
// marked new stays marked for the whole visit, and the next visit starts from this one.
import type { LocalDatabase } from '../offline/database'

const keyOf = (username: string) => `materials-seen:${username}`

interface SeenMaterial {
  ids: string[]
}

/** The material this reader had been shown before, or null on their first visit on this device. */
export async function seenAtLastVisit(
  db: LocalDatabase,
  username: string,
): Promise<string[] | null> {
  const entry = await db.meta.get(keyOf(username))
  const value = entry?.value as SeenMaterial | undefined
  return Array.isArray(value?.ids) ? value.ids : null
}

/** Remembers that the reader has now been shown these (added to what they had seen). */
export async function rememberShown(
  db: LocalDatabase,
  username: string,
  ids: readonly string[],
): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const before = (await seenAtLastVisit(db, username)) ?? []
    const seen = [...new Set([...before, ...ids])]
    if (seen.length === before.length && before.length > 0) return
    await db.meta.put({ key: keyOf(username), value: { ids: seen } satisfies SeenMaterial })
  })
}
