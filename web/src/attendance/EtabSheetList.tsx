// What /ETAB shows under its picker for any sheet, a study day or a make-up session: the counts
// and Undo (sticky with the picker), name search, "mark everyone present", the sync notices and
// the rows, in groups (a make-up session lists its waitlist apart).
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import type { DayMark } from '@lfit/domain/attendance/day-mark'
import { useOffline } from '../offline/context'
import type { LocalParticipant } from '../offline/database'
import { SyncNotices } from '../offline/SyncNotices'
import { EtabRow } from './EtabRow'
import { countMarks } from './marks'
import { matchesName, searchKey } from './name-search'
import type { ChangedFields } from './undo'
import { sheetRecordId, type EtabEdits, type EtabSheet, type ShownRecord } from './useEtabEdits'
import { useNoteDrafts } from './useNoteDrafts'
import { useStickyOffset } from './useStickyOffset'

export interface SheetRow {
  person: LocalParticipant
  shown: ShownRecord | undefined
  recorded: DayMark['mark']
  /** The mark shown, and the absence it comes from when none is recorded. */
  day: Pick<DayMark, 'mark' | 'absence'>
}

export interface SheetGroup {
  /** A heading above the group; the first group (the sheet's own people) has none. */
  title?: ReactNode
  rows: SheetRow[]
}

export function EtabSheetList({
  sheet,
  picker,
  edits,
  groups,
  empty,
}: {
  sheet: EtabSheet
  picker: ReactNode
  edits: EtabEdits
  /** The first group is who the sheet is for: "mark everyone" and the counts are theirs. */
  groups: readonly SheetGroup[]
  /** Shown when the sheet has nobody. */
  empty: ReactNode
}) {
  const { t } = useLingui()
  const { db, user } = useOffline()
  const { drafts, setDraft } = useNoteDrafts(user?.username ?? '')
  const [noteFor, setNoteFor] = useState<string | null>(null)
  const [query, setQuery] = useState('')
  const sticky = useStickyOffset<HTMLDivElement>()
  // One element for the list's life: a tap does not re-render the notices.
  const notices = useMemo(() => <SyncNotices db={db} />, [db])
  // Rows get stable callbacks, so a tap re-renders only the row it changed.
  const latest = useRef(edits)
  latest.current = edits
  const change = useCallback(
    (participant: string, after: ChangedFields) => latest.current.change([{ participant, after }]),
    [],
  )
  const { kind, id } = sheet
  const setRowDraft = useCallback(
    (username: string, text: string | null) =>
      setDraft(sheetRecordId({ kind, id } as EtabSheet, username), text),
    [kind, id, setDraft],
  )

  const own = groups[0]?.rows ?? []
  const everyone = groups.flatMap((group) => group.rows)
  const counts = countMarks(own.map((row) => row.day.mark))
  const key = searchKey(query)
  const matching = (rows: readonly SheetRow[]) =>
    rows.filter(({ person }) => matchesName(key, `${person.firstName} ${person.lastName}`))
  const notYetMarked = own.filter((row) => row.day.mark === null)
  const markAll = () =>
    void edits.change(
      notYetMarked.map(({ person }) => ({
        participant: person.username,
        after: { mark: 'present' as const },
      })),
    )
  const last = edits.lastChange
  const lastPerson =
    last?.edits.length === 1
      ? everyone.find((row) => row.person.username === last.edits[0]?.participant)?.person
      : undefined
  const undoLabel = !last
    ? t`Undo`
    : lastPerson
      ? t`Undo (${lastPerson.firstName} ${lastPerson.lastName})`
      : plural(last.edits.length, { one: 'Undo (# person)', other: 'Undo (# people)' })
  const anyMatch = groups.some((group) => matching(group.rows).length > 0)
  const unsavedNames = edits.unsaved
    .map((username) => everyone.find((row) => row.person.username === username)?.person)
    .map((person) => (person ? `${person.firstName} ${person.lastName}` : ''))
    .filter(Boolean)
    .join(', ')

  return (
    <>
      <div className="etab-sticky" ref={sticky}>
        {picker}
        <div className="etab-status">
          <p className="etab-counts" role="status" aria-live="polite">
            <Trans>
              Present: {counts.present} · Absent: {counts.absent} · Late: {counts.late} · Excused:{' '}
              {counts.excused} · Not marked: {counts.unmarked}
            </Trans>
          </p>
          <button
            type="button"
            className="etab-undo"
            disabled={!last}
            onClick={() => void edits.undo()}
          >
            {undoLabel}
          </button>
        </div>
      </div>
      <div className="etab-tools">
        <label className="etab-search">
          <span className="visually-hidden">
            <Trans>Find by name</Trans>
          </span>
          <input
            type="search"
            value={query}
            placeholder={t`Find by name`}
            onChange={(event) => setQuery(event.target.value)}
          />
        </label>
        <button
          type="button"
          className="etab-mark-all"
          disabled={notYetMarked.length === 0 || !edits.loaded}
          onClick={markAll}
        >
          {notYetMarked.length === 0
            ? t`Everyone is marked`
            : plural(notYetMarked.length, {
                one: 'Mark # person not yet marked as present',
                other: 'Mark # people not yet marked as present',
              })}
        </button>
      </div>
      {edits.unsaved.length > 0 && (
        <div className="etab-unsaved alert alert-warning" role="alert">
          <p>
            <Trans>
              Not saved on this device: {unsavedNames}. The marks show what is saved; make the
              change again.
            </Trans>
          </p>
          <button type="button" onClick={edits.dismissUnsaved}>
            <Trans>Dismiss</Trans>
          </button>
        </div>
      )}
      {/* Edits that did not apply as made, right where the editor works, until dismissed. */}
      {notices}
      {everyone.length === 0 && <p>{empty}</p>}
      {everyone.length > 0 && !anyMatch && (
        <p role="status">
          <Trans>No one matches “{query}”.</Trans>
        </p>
      )}
      {groups.map((group, index) => {
        const rows = matching(group.rows)
        if (index > 0 && rows.length === 0) return null
        return (
          <section key={index} className="etab-group">
            {group.title && <h2 className="etab-group-title">{group.title}</h2>}
            <ul className="etab-list">
              {rows.map(({ person, shown, recorded, day: mark }) => (
                <EtabRow
                  key={person.username}
                  person={person}
                  recorded={recorded}
                  shown={mark.mark}
                  absenceReason={mark.absence?.reason ?? null}
                  absenceExcused={mark.absence?.excused ?? false}
                  note={shown?.record.note ?? ''}
                  draft={drafts[sheetRecordId(sheet, person.username)]}
                  pending={shown?.pending ?? 0}
                  noteOpen={noteFor === person.username}
                  setNoteFor={setNoteFor}
                  setDraft={setRowDraft}
                  change={change}
                  fresh={edits.fresh}
                />
              ))}
            </ul>
          </section>
        )
      })}
    </>
  )
}
