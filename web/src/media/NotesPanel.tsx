// My notes on a recording: written at the player's current time, listed by time (a tap on the
// time jumps the player there), edited and deleted in place, exported as a text file. Each note
// is a synced record of its author alone, saved on the device first like a mark
// (docs/product-rules.md#recordings), so writing notes works offline.
import { useState } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatPlayTime } from '@lfit/domain/media/recording'
import { MEDIA_NOTE_MAX_LENGTH, notesAsText, notesByTime } from '@lfit/domain/media/notes'
import { useOffline } from '../offline/context'
import { mediaNotesShown } from '../offline/local-view'

export function NotesPanel({
  recording,
  title,
  person,
  currentTime,
  seek,
}: {
  recording: string
  title: string
  person: string
  /** The player's time now, in seconds. */
  currentTime: () => number
  seek: (seconds: number) => void
}) {
  const { t } = useLingui()
  const { db, edit } = useOffline()
  const shown = useLiveQuery(() => mediaNotesShown(db, recording, person), [db, recording, person])
  const notes = notesByTime((shown ?? []).map(({ record }) => record))
  const [text, setText] = useState('')
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null)

  const add = async () => {
    const written = text.trim()
    if (!written) return
    await edit('mediaNotes', crypto.randomUUID(), {
      participant: person,
      recording,
      at: Math.floor(currentTime()),
      text: written,
      createdAt: Date.now(),
      deleted: false,
    })
    setText('')
  }

  const exportText = () => {
    const blob = new Blob([notesAsText(title, notes)], { type: 'text/plain;charset=utf-8' })
    const link = document.createElement('a')
    link.href = URL.createObjectURL(blob)
    link.download = `${title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'notes'}.txt`
    link.click()
    URL.revokeObjectURL(link.href)
  }

  return (
    <section className="card media-notes" aria-labelledby="media-notes-title">
      <h2 id="media-notes-title">
        <Trans>My notes</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Only you see your notes. They are kept on this device and synced to your others.
        </Trans>
      </p>
      <form
        className="note-form"
        onSubmit={(event) => {
          event.preventDefault()
          void add()
        }}
      >
        <label htmlFor="media-note-text">
          <Trans>A note at the current time</Trans>
        </label>
        <textarea
          id="media-note-text"
          className="input"
          rows={2}
          maxLength={MEDIA_NOTE_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={!text.trim()}>
          <Trans context="a note of a recording">Add note</Trans>
        </button>
      </form>
      {notes.length === 0 ? (
        <p className="muted">
          <Trans>No notes yet.</Trans>
        </p>
      ) : (
        <ol className="note-list">
          {notes.map((note) => {
            const time = formatPlayTime(note.at)
            return (
              <li key={note._id} data-note={note._id}>
                <button
                  type="button"
                  className="btn btn-small note-time"
                  aria-label={t`Play from ${time}`}
                  onClick={() => seek(note.at)}
                >
                  {time}
                </button>
                {editing?.id === note._id ? (
                  <form
                    className="note-edit"
                    onSubmit={(event) => {
                      event.preventDefault()
                      const changed = editing.text.trim()
                      if (changed) void edit('mediaNotes', note._id, { text: changed })
                      setEditing(null)
                    }}
                  >
                    <textarea
                      className="input"
                      aria-label={t`Note at ${time}`}
                      rows={2}
                      maxLength={MEDIA_NOTE_MAX_LENGTH}
                      value={editing.text}
                      onChange={(event) => setEditing({ id: note._id, text: event.target.value })}
                    />
                    <button type="submit" className="btn btn-small btn-primary">
                      <Trans>Save</Trans>
                    </button>
                  </form>
                ) : (
                  <>
                    <span className="note-text">{note.text}</span>
                    <span className="note-actions">
                      <button
                        type="button"
                        className="btn btn-small"
                        onClick={() => setEditing({ id: note._id, text: note.text })}
                      >
                        <Trans>Edit</Trans>
                      </button>
                      <button
                        type="button"
                        className="btn btn-small"
                        aria-label={t`Delete the note at ${time}`}
                        onClick={() => void edit('mediaNotes', note._id, { deleted: true })}
                      >
                        <Trans>Delete</Trans>
                      </button>
                    </span>
                  </>
                )}
              </li>
            )
          })}
        </ol>
      )}
      {notes.length > 0 && (
        <button type="button" className="btn" onClick={exportText}>
          <Trans>Export as text</Trans>
        </button>
      )}
    </section>
  )
}
