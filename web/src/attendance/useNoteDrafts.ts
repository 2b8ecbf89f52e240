// The unsaved notes of the signed-in editor, kept in localStorage as they are typed
// (note-drafts.ts): an update's reload, or any other, loses none of them.
import { useCallback, useEffect, useState } from 'react'
import { draftsKey, readDrafts, withDraft, type NoteDrafts } from './note-drafts'

export function useNoteDrafts(editor: string) {
  const [drafts, setDrafts] = useState<NoteDrafts>(() =>
    readDrafts(localStorage.getItem(draftsKey(editor))),
  )
  useEffect(() => {
    if (Object.keys(drafts).length === 0) localStorage.removeItem(draftsKey(editor))
    else localStorage.setItem(draftsKey(editor), JSON.stringify(drafts))
  }, [drafts, editor])
  const setDraft = useCallback(
    (recordId: string, text: string | null) => setDrafts((all) => withDraft(all, recordId, text)),
    [],
  )
  return { drafts, setDraft }
}
