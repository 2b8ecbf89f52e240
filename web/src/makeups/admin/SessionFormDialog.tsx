// Creating or changing a make-up session: the date typed day first and shown in full with its
// weekday, 24-hour times, what it covers picked from the schedule (whole segments and/or single
// study days), the educator, a note, and the make-up days of segment 21 it stands for.
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MakeupSession } from '@lfit/domain/makeups/sessions'
import { schedule } from '@lfit/domain/schedule'
import { ApiError } from '../../api/client'
import { useCallErrorText } from '../../auth/messages'
import { formatDay } from '../../i18n/date-format'
import { DayField } from '../../ui/DayField'
import { Dialog } from '../../ui/Dialog'
import { CheckboxGroup, SelectField, TextField } from '../../ui/fields'
import { createSession, updateSession, type ListedSession } from './admin-api'
import {
  coverableSegments,
  EMPTY_SESSION_FORM,
  formOf,
  HOUR_OPTIONS,
  readSessionForm,
  scheduleMakeupDays,
  studyDaysOfSegment,
  type SessionForm,
  type SessionFormErrors,
} from './session-form'

export function SessionFormDialog({
  editing,
  educators,
  onSaved,
  onClose,
}: {
  /** The session to change; null to create one. */
  editing: MakeupSession | null
  /** The educators to choose from, read with the screen (web/src/app/screen-reads.ts). */
  educators: readonly { username: string; name: string }[]
  onSaved: (saved: ListedSession) => void
  onClose: () => void
}) {
  const { t, i18n } = useLingui()
  const errorText = useCallErrorText()
  const [form, setForm] = useState<SessionForm>(() =>
    editing ? formOf(editing) : EMPTY_SESSION_FORM,
  )
  const [errors, setErrors] = useState<SessionFormErrors>({})
  const [serverFields, setServerFields] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState('')
  const [busy, setBusy] = useState(false)
  const [daySegment, setDaySegment] = useState('')

  const set = <K extends keyof SessionForm>(field: K, value: SessionForm[K]) => {
    setForm((before) => ({ ...before, [field]: value }))
    setErrors((before) => ({ ...before, [field]: undefined }))
  }
  const errorOf = (field: keyof SessionFormErrors) => {
    const own = errors[field]
    return own ? i18n._(own) : serverFields[field]
  }

  const save = async () => {
    const read = readSessionForm(form)
    if (!read.ok) {
      setErrors(read.errors)
      return
    }
    setBusy(true)
    setFailure('')
    try {
      const saved = editing
        ? await updateSession(editing._id, read.draft)
        : await createSession(read.draft)
      onSaved(saved)
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        const lang = i18n.locale === 'sl' ? 'sl' : 'en'
        setServerFields(
          Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, v[lang]])),
        )
      }
      setFailure(errorText(error))
    } finally {
      setBusy(false)
    }
  }

  const educatorOptions = [
    ...educators.map((e) => ({ value: e.username, label: e.name })),
    ...(form.educator && !educators.some((e) => e.username === form.educator)
      ? [{ value: form.educator, label: form.educator }]
      : []),
  ]
  const segmentOptions = coverableSegments().map(({ segment, year }) => ({
    value: String(segment),
    label: t`Segment ${segment} (year ${year})`,
  }))
  const dayOptions = daySegment
    ? studyDaysOfSegment(Number(daySegment))
        .filter((day) => !form.days.includes(day.id))
        .map((day) => ({ value: day.id, label: formatDay(i18n.locale, day.dayStr) }))
    : []
  const dayLabel = (id: string) => {
    const day = schedule().dayById.get(id)
    return day ? t`${formatDay(i18n.locale, day.dayStr)} (segment ${day.segment})` : id
  }

  return (
    <Dialog
      open
      title={editing ? t`Change the make-up session` : t`New make-up session`}
      onClose={onClose}
      className="makeup-session-dialog"
      actions={
        <>
          <button type="button" className="btn btn-text" onClick={onClose}>
            <Trans>Close</Trans>
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => void save()}
          >
            {editing ? t`Save changes` : t`Create session`}
          </button>
        </>
      }
    >
      <form
        className="form makeup-session-form"
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        <DayField
          label={t`Date`}
          name="dayStr"
          value={form.dayStr}
          onChange={(dayStr) => set('dayStr', dayStr)}
        />
        {errorOf('dayStr') && (
          <span className="field-error" role="alert">
            {errorOf('dayStr')}
          </span>
        )}
        <div className="makeup-hours">
          <SelectField
            label={t`From (Ljubljana time)`}
            name="fromHour"
            value={form.fromHour}
            options={HOUR_OPTIONS.map((h) => ({ value: h, label: h }))}
            onChange={(value) => set('fromHour', value)}
          />
          <SelectField
            label={t`To`}
            name="toHour"
            value={form.toHour}
            error={errorOf('toHour')}
            options={HOUR_OPTIONS.map((h) => ({ value: h, label: h }))}
            onChange={(value) => set('toHour', value)}
          />
        </div>
        <TextField
          label={t`Place`}
          name="place"
          className="input"
          value={form.place}
          error={errorOf('place')}
          onChange={(event) => set('place', event.target.value)}
        />
        <TextField
          label={t`Places (capacity)`}
          name="capacity"
          className="input"
          inputMode="numeric"
          value={form.capacity}
          error={errorOf('capacity')}
          onChange={(event) => set('capacity', event.target.value)}
        />
        <CheckboxGroup
          label={t`Covers whole segments`}
          values={form.segments.map(String)}
          options={segmentOptions}
          error={errorOf('covers')}
          onChange={(values) => {
            set('segments', values.map(Number))
            setErrors((before) => ({ ...before, covers: undefined }))
          }}
        />
        <fieldset className="field">
          <legend>{t`Covers single study days`}</legend>
          <div className="makeup-day-picker">
            <SelectField
              label={t`Segment`}
              name="daySegment"
              value={daySegment}
              placeholder={t`Choose a segment`}
              options={segmentOptions}
              onChange={setDaySegment}
            />
            <SelectField
              label={t`Study day`}
              name="addDay"
              value=""
              placeholder={t`Add a study day`}
              options={dayOptions}
              onChange={(id) => {
                if (!id) return
                set('days', [...form.days, id])
                setErrors((before) => ({ ...before, covers: undefined }))
              }}
            />
          </div>
          {form.days.length > 0 && (
            <ul className="makeup-chips">
              {form.days.map((id) => (
                <li key={id}>
                  {dayLabel(id)}
                  <button
                    type="button"
                    className="btn btn-text btn-small"
                    aria-label={t`Remove ${dayLabel(id)}`}
                    onClick={() =>
                      set(
                        'days',
                        form.days.filter((d) => d !== id),
                      )
                    }
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <SelectField
          label={t`Educator`}
          name="educator"
          value={form.educator}
          placeholder={t`Choose the educator`}
          error={errorOf('educator')}
          options={educatorOptions}
          onChange={(value) => set('educator', value)}
        />
        <div className="field">
          <label htmlFor="makeup-note">{t`Note for participants`}</label>
          <textarea
            id="makeup-note"
            name="note"
            className="input"
            rows={3}
            value={form.note}
            onChange={(event) => set('note', event.target.value)}
          />
          {errorOf('note') && (
            <span className="field-error" role="alert">
              {errorOf('note')}
            </span>
          )}
        </div>
        {scheduleMakeupDays().length > 0 && (
          <CheckboxGroup
            label={t`Stands for the schedule's make-up days (optional)`}
            values={form.scheduleDays}
            options={scheduleMakeupDays().map((day) => ({
              value: day.id,
              label: formatDay(i18n.locale, day.dayStr),
            }))}
            onChange={(values) => set('scheduleDays', values)}
          />
        )}
        {failure && (
          <p className="alert" role="alert">
            {failure}
          </p>
        )}
      </form>
    </Dialog>
  )
}
