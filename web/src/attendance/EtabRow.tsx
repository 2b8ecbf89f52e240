// One participant's row on /ETAB: the name is the big target (a tap toggles present and absent),
// then Late, Excused, Note and Clear. A recorded absence shows as the day's mark, with its
// reason, until an editor records a mark; a mark of present or late then says the report no
// longer counts for the day (absence-note.ts).
import { memo, useSyncExternalStore } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { markOfAbsence } from '@lfit/domain/attendance/day-mark'
import type { AttendanceMark } from '@lfit/domain/records/attendance'
import type { LocalParticipant } from '../offline/database'
import { absenceNoteKind } from './absence-note'
import { useMarkWords } from './mark-words'
import { nextTapMark, toggledMark } from './marks'
import { freshFields, type FreshRows } from './fresh-rows'
import { NoteField } from './NoteField'
import type { ChangedFields } from './undo'

interface RowProps {
  person: LocalParticipant
  /** The mark recorded by an editor. */
  recorded: AttendanceMark | null
  /** The mark shown: the recorded one, or the absence's. */
  shown: AttendanceMark | null
  /** The reason of the absence recorded for the day; null when there is none. */
  absenceReason: string | null
  absenceExcused: boolean
  note: string
  /** The unsaved note typed for this row, if any. */
  draft: string | undefined
  pending: number
  noteOpen: boolean
  setNoteFor: (username: string | null) => void
  setDraft: (username: string, text: string | null) => void
  change: (username: string, after: ChangedFields) => Promise<void>
  /** Edits of this sheet written a moment ago, shown here before the list shows them. */
  fresh: FreshRows
}

/**
 * Memoized on plain values and stable callbacks: a tap re-renders the row it changed, not the
 * whole list (what a tap costs on a slow tablet). A tap's edit shows here from `fresh` the
 * moment it is written, before the list passes it down (docs/0020-tap-shows-when-written.md).
 */
export const EtabRow = memo(function EtabRow({
  person,
  absenceReason,
  absenceExcused,
  draft,
  noteOpen,
  setNoteFor,
  setDraft,
  change,
  fresh,
  ...listed
}: RowProps) {
  const { t } = useLingui()
  // The row's own edits just written: shown from here in the task their write ended in.
  const freshEdits = useSyncExternalStore(fresh.subscribe, () => fresh.of(person.username))
  const now = freshFields(freshEdits)
  const recorded = 'mark' in now ? (now.mark ?? null) : listed.recorded
  const absenceMark = absenceReason === null ? null : markOfAbsence({ excused: absenceExcused })
  const shown = 'mark' in now ? (recorded ?? absenceMark) : listed.shown
  const note = now.note ?? listed.note
  const pending = listed.pending + (freshEdits?.length ?? 0)
  const setMark = (mark: AttendanceMark | null) => change(person.username, { mark })
  const { names: markLabel } = useMarkWords()
  const name = `${person.firstName} ${person.lastName}`
  const state = shown ? markLabel[shown] : t`not marked`
  const absenceNote = absenceNoteKind(recorded)
  const absenceText =
    absenceReason === null
      ? null
      : absenceNote === 'overridden'
        ? absenceExcused
          ? absenceReason
            ? t`Here after all: the excused absence reported for this day (${absenceReason}) no longer counts.`
            : t`Here after all: the excused absence reported for this day no longer counts.`
          : absenceReason
            ? t`Here after all: the absence reported for this day (${absenceReason}) no longer counts.`
            : t`Here after all: the absence reported for this day no longer counts.`
        : absenceExcused
          ? absenceReason
            ? t`Reported absent, excused: ${absenceReason}`
            : t`Reported absent, excused`
          : absenceReason
            ? t`Reported absent: ${absenceReason}`
            : t`Reported absent`
  const editing = noteOpen || draft !== undefined
  return (
    <li
      className="etab-row"
      data-participant={person.username}
      data-mark={shown ?? 'none'}
      data-from-absence={recorded === null && absenceReason !== null}
      data-absence={absenceReason === null ? undefined : absenceNote}
      data-pending={pending}
    >
      <button
        type="button"
        className="etab-person"
        aria-label={t`${name}: ${state}. Tap to mark ${markLabel[nextTapMark(recorded)]}.`}
        onClick={() => void setMark(nextTapMark(recorded))}
      >
        <span className="etab-name">{name}</span>{' '}
        <span className="etab-mark">{shown ? markLabel[shown] : '—'}</span>
        {pending > 0 && (
          <span className="etab-pending" title={t`Waiting to sync`}>
            ⟳
          </span>
        )}
      </button>
      <div className="etab-actions">
        {(['late', 'excused'] as const).map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={recorded === m}
            onClick={() => void setMark(toggledMark(m, recorded))}
          >
            {markLabel[m]}
          </button>
        ))}
        <button
          type="button"
          aria-expanded={editing}
          onClick={() => setNoteFor(noteOpen && draft === undefined ? null : person.username)}
        >
          <Trans>Note</Trans>
        </button>
        <button
          type="button"
          className="etab-clear"
          disabled={recorded === null}
          aria-label={t`Clear the mark of ${name}`}
          onClick={() => void setMark(null)}
        >
          <Trans>Clear</Trans>
        </button>
      </div>
      {absenceText && (
        <p className="etab-absence" data-kind={absenceNote}>
          {absenceText}
        </p>
      )}
      {(editing || note) && (
        <NoteField
          label={t`Note for ${name}`}
          value={note}
          draft={draft}
          editing={editing}
          focus={noteOpen}
          onDraft={(text) => setDraft(person.username, text === note ? null : text)}
          onSave={async (text) => {
            if (text !== note) await change(person.username, { note: text })
            setDraft(person.username, null)
            setNoteFor(null)
          }}
          onDiscard={() => {
            setDraft(person.username, null)
            setNoteFor(null)
          }}
        />
      )}
    </li>
  )
})
