import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AbsenceRecord } from '@lfit/domain/records/absence'
import { formatDayRange } from '../i18n/date-format'
import type { Shown } from '../offline/local-view'
import type { LocalParticipant } from '../offline/database'
import type { AbsenceField } from '@lfit/domain/attendance/permissions'
import { AbsenceForm, type AbsenceEdit } from './AbsenceForm'

export function AbsenceList({
  absences,
  participants,
  fields,
  canEdit,
  onSave,
  onDelete,
}: {
  absences: readonly Shown<AbsenceRecord>[]
  participants?: readonly LocalParticipant[]
  /** The fields the user may choose when editing (absenceFieldsFor). */
  fields: readonly AbsenceField[]
  canEdit: (absence: AbsenceRecord) => boolean
  onSave: (id: string, edit: AbsenceEdit) => Promise<void>
  onDelete: (id: string) => Promise<void>
}) {
  const { t, i18n } = useLingui()
  const [editing, setEditing] = useState<string | null>(null)
  const nameOf = (username: string) => {
    const p = participants?.find((x) => x.username === username)
    return p ? `${p.firstName} ${p.lastName}` : username
  }
  const sorted = [...absences].sort((a, b) => b.record.fromDay.localeCompare(a.record.fromDay))
  if (sorted.length === 0)
    return (
      <p>
        <Trans>No absences.</Trans>
      </p>
    )
  return (
    <ul className="absence-list">
      {sorted.map(({ record, pending }) => (
        <li
          key={record._id}
          data-testid="absence"
          data-absence-id={record._id}
          data-participant={record.participant}
          data-year={participants?.find((p) => p.username === record.participant)?.year}
          data-from={record.fromDay}
          data-to={record.toDay}
          data-pending={pending}
        >
          {editing === record._id ? (
            <AbsenceForm
              initial={record}
              participants={participants}
              fields={fields}
              onSave={async (edit) => {
                await onSave(record._id, edit)
                setEditing(null)
              }}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <>
              <strong>{nameOf(record.participant)}</strong>{' '}
              {formatDayRange(i18n.locale, record.fromDay, record.toDay)}
              {record.reason && <> · {record.reason}</>}
              {record.excused && (
                <>
                  {' '}
                  · <Trans>excused</Trans>
                </>
              )}
              {pending > 0 && <span title={t`Waiting to sync`}> ⟳</span>}
              {canEdit(record) && (
                <span className="absence-actions">
                  <button type="button" onClick={() => setEditing(record._id)}>
                    <Trans>Edit</Trans>
                  </button>
                  <button
                    type="button"
                    onClick={() => {
                      if (window.confirm(t`Delete this absence?`)) void onDelete(record._id)
                    }}
                  >
                    <Trans>Delete</Trans>
                  </button>
                </span>
              )}
            </>
          )}
        </li>
      ))}
    </ul>
  )
}
