// /odsotnost: presence editors record and correct absences of any participant, offline too, and
// find them by person, programme year and span of days (absence-filter.ts).
import { useMemo, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { absenceFieldsFor } from '@lfit/domain/attendance/permissions'
import { useOffline } from '../offline/context'
import { useAbsences, useParticipants } from '../offline/hooks'
import { AbsenceForm, type AbsenceEdit } from './AbsenceForm'
import { DayField } from '../ui/DayField'
import { filterAbsences, NO_ABSENCE_FILTER, type AbsenceFilter } from './absence-filter'
import { AbsenceList } from './AbsenceList'
import './absences.css'

export function AbsencesScreen() {
  const { t } = useLingui()
  const { db, edit, user } = useOffline()
  const fields = user ? absenceFieldsFor(user) : []
  const participants = useParticipants(db)
  const read = useAbsences(db)
  const absences = useMemo(() => read ?? [], [read])
  const save = (id: string, fields: AbsenceEdit) => edit('absences', id, { ...fields })
  // A fresh form after each new absence is saved; never when a sync brings someone else's
  // absence, which would wipe what the editor is typing (docs/product-rules.md).
  const [saved, setSaved] = useState(0)
  const [filter, setFilter] = useState<AbsenceFilter>(NO_ABSENCE_FILTER)
  // The filter's fields are remounted empty by "Show all" (the day fields keep what was typed).
  // The form's and the filter's keys are siblings' keys, so they must never be equal: two
  // siblings both keyed 0 left the old form on screen beside the new one after a save.
  const [cleared, setCleared] = useState(0)
  const change = (part: Partial<AbsenceFilter>) => setFilter((now) => ({ ...now, ...part }))
  const shown = useMemo(
    () => filterAbsences(absences, participants ?? [], filter),
    [absences, participants, filter],
  )
  const shownCount = shown.length
  const total = absences.length
  const years = useMemo(
    () =>
      [
        ...new Set((participants ?? []).flatMap((p) => (p.year === undefined ? [] : [p.year]))),
      ].sort((a, b) => a - b),
    [participants],
  )
  return (
    <section aria-labelledby="absences-title">
      <h1 id="absences-title">
        <Trans>Absences</Trans>
      </h1>
      <h2>
        <Trans>New absence</Trans>
      </h2>
      {participants && participants.length > 0 && (
        <AbsenceForm
          key={`form-${saved}`}
          participants={participants}
          fields={fields}
          onSave={async (given) => {
            await save(crypto.randomUUID(), given)
            setSaved((count) => count + 1)
          }}
        />
      )}
      <h2>
        <Trans>Recorded absences</Trans>
      </h2>
      <div
        className="absence-filter"
        role="search"
        aria-label={t`Find absences`}
        key={`filter-${cleared}`}
      >
        <label className="absence-filter-search">
          <Trans>Person</Trans>
          <input
            type="search"
            name="search"
            placeholder={t`Name or e-mail`}
            value={filter.search}
            onChange={(event) => change({ search: event.target.value })}
          />
        </label>
        <label>
          <Trans>Programme year</Trans>
          <select
            name="year"
            value={filter.year ?? ''}
            onChange={(event) =>
              change({ year: event.target.value === '' ? null : Number(event.target.value) })
            }
          >
            <option value="">{t`All years`}</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {t`Year ${year}`}
              </option>
            ))}
          </select>
        </label>
        <DayField
          label={t`From`}
          name="from"
          value={filter.from}
          onChange={(from) => change({ from })}
        />
        <DayField label={t`To`} name="to" value={filter.to} onChange={(to) => change({ to })} />
        <button
          type="button"
          className="btn"
          onClick={() => {
            setFilter(NO_ABSENCE_FILTER)
            setCleared((count) => count + 1)
          }}
        >
          <Trans>Show all</Trans>
        </button>
      </div>
      <p className="muted" role="status" data-shown={shown.length}>
        <Trans>
          Showing {shownCount} of {total} absences
        </Trans>
      </p>
      <AbsenceList
        absences={shown}
        participants={participants}
        fields={fields}
        canEdit={() => true}
        onSave={save}
        onDelete={(id) => edit('absences', id, { deleted: true })}
      />
    </section>
  )
}
