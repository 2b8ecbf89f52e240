// Planning a block or changing one (/urejanjeUrnika): its year, segment and kind, its dates, who
// teaches and where, a comment in both languages, and its days in bulk: every day from the first
// to the last is a study day except the weekdays ticked and the dates listed; each study day shows
// its default hours, and any of them may be given its own. Checked by the domain's schemas before
// anything is sent (block-form.ts).
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  defaultHours,
  isoWeekday,
  REGULAR_SEGMENTS,
  YEARS,
  type BlockDataInput,
  type BlockRecord,
} from '@lfit/domain/schedule'
import { formatDay, formatWeekday } from '../i18n/date-format'
import { HOUR_OPTIONS } from '../makeups/admin/session-form'
import { DayField } from '../ui/DayField'
import { Dialog } from '../ui/Dialog'
import { SelectField, TextField } from '../ui/fields'
import {
  BLOCK_KINDS,
  datesOf,
  EMPTY_BLOCK_FORM,
  formOfBlock,
  freeDaysOf,
  readBlockForm,
  type BlockForm,
  type BlockFormErrors,
  type BlockFormField,
  type BlockKind,
} from './block-form'
import { kindWords } from './planner-words'

/** A Monday: the weekdays' names are read from the week that starts on it. */
const A_MONDAY = '2031-01-06'
const WEEK = [0, 1, 2, 3, 4, 5, 6].map((i) => {
  const day = new Date(Date.parse(`${A_MONDAY}T12:00:00Z`) + i * 86_400_000)
  return day.toISOString().slice(0, 10)
})

/** Longer blocks list their days without the table (an extra-material period runs for months). */
const DAYS_LISTED = 62

export function BlockFormDialog({
  editing,
  calendar,
  busy,
  failure,
  onSave,
  onClose,
}: {
  /** The block to change; null to plan a new one. */
  editing: BlockRecord | null
  calendar: { venue: string; blocks: readonly BlockRecord[] }
  busy: boolean
  /** Why the last save failed, in the product's words; '' when it did not. */
  failure: string
  onSave: (block: BlockDataInput) => void
  onClose: () => void
}) {
  const { t, i18n } = useLingui()
  const [form, setForm] = useState<BlockForm>(() =>
    editing ? formOfBlock(editing) : EMPTY_BLOCK_FORM,
  )
  const [errors, setErrors] = useState<BlockFormErrors>({})
  const [freeDate, setFreeDate] = useState('')

  const set = <K extends keyof BlockForm>(
    field: K,
    value: BlockForm[K],
    error?: BlockFormField,
  ) => {
    setForm((before) => ({ ...before, [field]: value }))
    if (error) setErrors((before) => ({ ...before, [error]: undefined }))
  }
  const errorOf = (field: BlockFormField) => {
    const own = errors[field]
    return own ? i18n._(own) : undefined
  }
  const save = () => {
    const read = readBlockForm(form, calendar, editing?._id ?? null)
    if (!read.ok) {
      setErrors(read.errors)
      return
    }
    setErrors({})
    onSave(read.block)
  }

  const extra = form.kind === 'extraMaterial'
  const dates = datesOf(form.from, form.to)
  const free = new Set(freeDaysOf(form))
  const segments = REGULAR_SEGMENTS.map((segment) => ({
    value: String(segment),
    label: t`Segment ${segment}`,
  }))
  const words = kindWords(i18n)

  return (
    <Dialog
      open
      title={editing ? t`Change the block` : t`New block`}
      onClose={onClose}
      className="planner-dialog"
      actions={
        <>
          <button type="button" className="btn btn-text" onClick={onClose}>
            <Trans>Close</Trans>
          </button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={save}>
            {editing ? t`Save changes` : t`Add the block`}
          </button>
        </>
      }
    >
      <form
        className="form planner-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          save()
        }}
      >
        <div className="planner-row">
          <SelectField
            label={t`Programme year`}
            name="year"
            value={form.year}
            error={errorOf('year')}
            options={YEARS.map((year) => ({ value: String(year), label: t`Year ${year}` }))}
            onChange={(value) => set('year', value, 'year')}
          />
          <SelectField
            label={t`Kind`}
            name="kind"
            value={form.kind}
            error={errorOf('kind')}
            options={BLOCK_KINDS.map((kind) => ({ value: kind, label: words[kind] }))}
            onChange={(value) => set('kind', value as BlockKind, 'kind')}
          />
          {(form.kind === 'regular' || form.kind === 'review') && (
            <SelectField
              label={t`Segment`}
              name="segment"
              value={form.segment}
              error={errorOf('segment')}
              options={segments}
              onChange={(value) => set('segment', value, 'segment')}
            />
          )}
        </div>
        <div className="planner-row">
          <div>
            <DayField
              label={t`First day`}
              name="from"
              value={form.from}
              onChange={(day) => set('from', day, 'from')}
            />
            <FieldError text={errorOf('from')} />
          </div>
          <div>
            <DayField
              label={t`Last day`}
              name="to"
              value={form.to}
              onChange={(day) => set('to', day, 'to')}
            />
            <FieldError text={errorOf('to')} />
          </div>
        </div>
        <div className="planner-row">
          <TextField
            label={t`Name in the timetable`}
            name="headerName"
            value={form.headerName}
            placeholder={t`e.g. Segment 3`}
            error={errorOf('headerName')}
            onChange={(event) => set('headerName', event.target.value, 'headerName')}
          />
          <TextField
            label={t`Trainer`}
            name="trainer"
            value={form.trainer}
            onChange={(event) => set('trainer', event.target.value)}
          />
        </div>
        <div className="planner-row">
          <div className="field">
            <label htmlFor="planner-assistants">
              <Trans>Assistants (one a line)</Trans>
            </label>
            <textarea
              id="planner-assistants"
              name="assistants"
              rows={2}
              value={form.assistants}
              onChange={(event) => set('assistants', event.target.value)}
            />
          </div>
          <TextField
            label={t`Venue`}
            name="venue"
            value={form.venue}
            placeholder={calendar.venue}
            help={t`Empty: the programme's venue`}
            error={errorOf('venue')}
            onChange={(event) => set('venue', event.target.value, 'venue')}
          />
        </div>
        <div className="planner-row">
          <TextField
            label={t`Comment (Slovenian)`}
            name="commentSl"
            value={form.commentSl}
            error={errorOf('comment')}
            onChange={(event) => set('commentSl', event.target.value, 'comment')}
          />
          <TextField
            label={t`Comment (English)`}
            name="commentEn"
            value={form.commentEn}
            onChange={(event) => set('commentEn', event.target.value, 'comment')}
          />
        </div>
        {!extra && (
          <fieldset className="field planner-days">
            <legend>
              <Trans>Days of the block</Trans>
            </legend>
            <p className="field-help">
              <Trans>Every day from the first to the last day is a study day, except:</Trans>
            </p>
            <div className="checks" role="group" aria-label={t`Free weekdays`}>
              {WEEK.map((day) => {
                const weekday = isoWeekday(day)
                return (
                  <label key={weekday}>
                    <input
                      type="checkbox"
                      name="freeWeekday"
                      value={weekday}
                      checked={form.freeWeekdays.includes(weekday)}
                      onChange={(event) =>
                        set(
                          'freeWeekdays',
                          event.target.checked
                            ? [...form.freeWeekdays, weekday]
                            : form.freeWeekdays.filter((w) => w !== weekday),
                          'freeDays',
                        )
                      }
                    />
                    {formatWeekday(i18n.locale, day)}
                  </label>
                )
              })}
            </div>
            <div className="planner-free-date">
              <DayField
                label={t`and these dates`}
                name="freeDate"
                value={freeDate}
                onChange={setFreeDate}
              />
              <button
                type="button"
                className="btn btn-secondary"
                disabled={!freeDate || form.freeDates.includes(freeDate)}
                onClick={() => {
                  set('freeDates', [...form.freeDates, freeDate].sort(), 'freeDays')
                  setFreeDate('')
                }}
              >
                <Trans>Add the free day</Trans>
              </button>
            </div>
            {form.freeDates.length > 0 && (
              <ul className="planner-chips" aria-label={t`Free dates`}>
                {form.freeDates.map((day) => (
                  <li key={day}>
                    {formatDay(i18n.locale, day)}
                    <button
                      type="button"
                      className="btn btn-text btn-small"
                      aria-label={t`Remove the free day ${formatDay(i18n.locale, day)}`}
                      onClick={() =>
                        set(
                          'freeDates',
                          form.freeDates.filter((d) => d !== day),
                          'freeDays',
                        )
                      }
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <FieldError text={errorOf('freeDays')} />
            <FieldError text={errorOf('specialHours')} />
            {dates.length > 0 && dates.length <= DAYS_LISTED && (
              <DaysTable
                form={form}
                dates={dates}
                free={free}
                onHours={(hours) => set('specialHours', hours, 'specialHours')}
              />
            )}
          </fieldset>
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

function FieldError({ text }: { text: string | undefined }) {
  return text ? (
    <span className="field-error" role="alert">
      {text}
    </span>
  ) : null
}

/** Every date of the block: a study day with its hours (the default, or its own), or free. */
function DaysTable({
  form,
  dates,
  free,
  onHours,
}: {
  form: BlockForm
  dates: readonly string[]
  free: ReadonlySet<string>
  onHours: (hours: BlockForm['specialHours']) => void
}) {
  const { t, i18n } = useLingui()
  const range = { from: form.from, to: form.to }
  const hourOptions = HOUR_OPTIONS.map((hour) => ({ value: hour, label: hour }))
  const setHours = (day: string, hours: { from: string; to: string } | null) => {
    const next = { ...form.specialHours }
    if (hours) next[day] = hours
    else delete next[day]
    onHours(next)
  }
  return (
    <div className="table-wrap">
      <table className="data planner-days-table">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Date</Trans>
            </th>
            <th scope="col">
              <Trans>Day</Trans>
            </th>
            <th scope="col">
              <Trans>Hours (Ljubljana time)</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {dates.map((day) => {
            const special = form.specialHours[day]
            const usual = defaultHours(day, range)
            const label = formatDay(i18n.locale, day)
            return (
              <tr key={day} data-day={day} className={free.has(day) ? 'planner-free' : undefined}>
                <td>{label}</td>
                <td>{free.has(day) ? t`Free day` : t`Study day`}</td>
                <td>
                  {!free.has(day) && (
                    <div className="planner-hours">
                      <label>
                        <input
                          type="checkbox"
                          checked={special !== undefined}
                          aria-label={t`Other hours on ${label}`}
                          onChange={(event) =>
                            setHours(day, event.target.checked ? { ...usual } : null)
                          }
                        />
                        {special ? (
                          <Trans>Own hours</Trans>
                        ) : (
                          <Trans>
                            {usual.from}–{usual.to} (default)
                          </Trans>
                        )}
                      </label>
                      {special && (
                        <>
                          <SelectField
                            label={t`From`}
                            name={`from-${day}`}
                            value={special.from}
                            options={hourOptions}
                            onChange={(from) => setHours(day, { ...special, from })}
                          />
                          <SelectField
                            label={t`To`}
                            name={`to-${day}`}
                            value={special.to}
                            options={hourOptions}
                            onChange={(to) => setHours(day, { ...special, to })}
                          />
                        </>
                      )}
                    </div>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
