import { useState, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { absenceFieldsSchema, type AbsenceRecord } from '@lfit/domain/records/absence'
import type { AbsenceField } from '@lfit/domain/attendance/permissions'
import type { LocalParticipant } from '../offline/database'
import { useHoldUpdates } from '../pwa/updates'
import { DayField } from '../ui/DayField'

export interface AbsenceDraft {
  participant: string
  fromDay: string
  toDay: string
  reason: string
  excused: boolean
}

/** What a save sends: only the fields the user may choose (the rest stay as they are). */
export type AbsenceEdit = Partial<AbsenceDraft>

/**
 * Creates or edits one absence, showing only the `fields` the user may choose
 * (`absenceFieldsFor`): a participant gets no person picker and no "excused" box, since the
 * server would refuse what they chose there. `minDay` keeps a participant's dates in the future.
 */
export function AbsenceForm({
  initial,
  participants,
  fixedParticipant,
  minDay,
  fields,
  onSave,
  onCancel,
}: {
  initial?: AbsenceRecord
  participants?: readonly LocalParticipant[]
  fixedParticipant?: string
  minDay?: string
  fields: readonly AbsenceField[]
  onSave: (edit: AbsenceEdit) => Promise<void>
  onCancel?: () => void
}) {
  const may = (field: string) => (fields as readonly string[]).includes(field)
  const { t } = useLingui()
  const [draft, setDraft] = useState<AbsenceDraft>({
    participant: initial?.participant ?? fixedParticipant ?? participants?.[0]?.username ?? '',
    fromDay: initial?.fromDay ?? minDay ?? '',
    toDay: initial?.toDay ?? minDay ?? '',
    reason: initial?.reason ?? '',
    excused: initial?.excused ?? false,
  })
  const [error, setError] = useState<string | null>(null)
  // Unsaved input holds an app update until it is saved or the form is closed.
  const [dirty, setDirty] = useState(false)
  useHoldUpdates(dirty)
  const set = <K extends keyof AbsenceDraft>(key: K, value: AbsenceDraft[K]) => {
    setDraft({ ...draft, [key]: value })
    setDirty(true)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = absenceFieldsSchema.safeParse(draft)
    if (!draft.participant || !draft.fromDay || !draft.toDay)
      return setError(t`Choose the person and both dates.`)
    if (!checked.success) return setError(t`The last day must be on or after the first day.`)
    if (minDay && draft.fromDay < minDay) return setError(t`You can report only future absences.`)
    setError(null)
    await onSave(Object.fromEntries(Object.entries(draft).filter(([field]) => may(field))))
    setDirty(false)
  }

  return (
    <form className="absence-form" onSubmit={(e) => void submit(e)} noValidate>
      {participants && may('participant') && (
        <label>
          <Trans>Participant</Trans>
          <select
            name="participant"
            value={draft.participant}
            onChange={(e) => set('participant', e.target.value)}
          >
            {participants.map((p) => (
              <option key={p.username} value={p.username}>
                {p.firstName} {p.lastName}
              </option>
            ))}
          </select>
        </label>
      )}
      <DayField
        label={t`From`}
        name="fromDay"
        value={draft.fromDay}
        onChange={(day) => set('fromDay', day)}
      />
      <DayField
        label={t`To`}
        name="toDay"
        value={draft.toDay}
        onChange={(day) => set('toDay', day)}
      />
      <label>
        <Trans>Reason</Trans>
        <input
          name="reason"
          value={draft.reason}
          maxLength={500}
          onChange={(e) => set('reason', e.target.value)}
        />
      </label>
      {may('excused') && (
        <label className="absence-excused">
          <input
            type="checkbox"
            name="excused"
            checked={draft.excused}
            onChange={(e) => set('excused', e.target.checked)}
          />
          <Trans>Excused</Trans>
        </label>
      )}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <div className="absence-form-actions">
        <button type="submit">
          <Trans>Save absence</Trans>
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        )}
      </div>
    </form>
  )
}
