// Notes typed on the tablet and not saved yet. They are kept on the device (localStorage, per
// signed-in editor), so switching to another person or day, leaving the screen, a reload or a
// flat battery never loses them; the row shows the draft until it is saved or discarded.
/** Drafts by attendance record id (`{dayId}:{participant}`). */
export type NoteDrafts = Readonly<Record<string, string>>

/** The start of every editor's drafts key: a logout forgets them all (docs/0034). */
export const DRAFTS_PREFIX = 'lfit.etab.noteDrafts.'

export const draftsKey = (editor: string) => `${DRAFTS_PREFIX}${editor}`

/** Drafts as stored; anything unreadable counts as none (a draft is a convenience). */
export function readDrafts(stored: string | null): NoteDrafts {
  try {
    const value: unknown = JSON.parse(stored ?? '{}')
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    )
  } catch {
    return {}
  }
}

/** `drafts` with the draft of `recordId` set, or removed when `text` is null. */
export function withDraft(drafts: NoteDrafts, recordId: string, text: string | null): NoteDrafts {
  const next = { ...drafts }
  if (text === null) delete next[recordId]
  else next[recordId] = text
  return next
}
