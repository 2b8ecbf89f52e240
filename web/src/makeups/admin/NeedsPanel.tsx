// "Who needs make-ups" on /nadomescanja: every participant with outstanding days (filter by
// programme year and segment), their standing, missed and made-up counts, and per outstanding day
// the sessions that cover it and "made up otherwise" with a note. The figures are the device's
// standings (the one local view plus the make-up book), so they follow marks made offline.
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { PROGRAMME_YEARS } from '@lfit/domain/people/enrolment'
import type { DayRef, OutstandingDay } from '@lfit/domain/makeups/standing'
import { NOTE_MAX_LENGTH } from '@lfit/domain/records/attendance'
import { useCallErrorText } from '../../auth/messages'
import { formatDay } from '../../i18n/date-format'
import { SelectField } from '../../ui/fields'
import { ConfirmButton } from '../../ui/buttons'
import { useSnackbar } from '../../ui/Snackbar'
import { refreshMakeupBook, useMakeupBook, useStandings } from '../book/use-makeup-book'
import { recordMadeUpOtherwise, removeMadeUpOtherwise } from './admin-api'
import { ReasonDialog } from '../../ui/ReasonDialog'
import { needsRows, type NeedsFilter } from './needs'
import { coverableSegments } from './session-form'
import { STANDING_NAMES } from './standing-names'

type Asking = { participant: string; name: string; day: OutstandingDay } | null

export function NeedsPanel() {
  const { t, i18n } = useLingui()
  const snackbar = useSnackbar()
  const errorText = useCallErrorText()
  const book = useMakeupBook()
  const standings = useStandings()
  const [filter, setFilter] = useState<NeedsFilter>({ year: 0, segment: 0 })
  const [asking, setAsking] = useState<Asking>(null)

  if (!standings || !book) {
    return (
      <p aria-busy="true">
        <Trans>Loading…</Trans>
      </p>
    )
  }
  const rows = needsRows(standings, book.people, filter)
  const day = (d: DayRef) => formatDay(i18n.locale, d.dayStr)
  const waiting = rows.filter((row) => row.outstanding.length > 0).length

  const record = async (note: string) => {
    if (!asking) return false
    try {
      await recordMadeUpOtherwise({
        participant: asking.participant,
        dayId: asking.day.dayId,
        note,
      })
      await refreshMakeupBook()
      const name = asking.name
      const date = day(asking.day)
      snackbar.show(t`${date} is recorded as made up for ${name}.`)
      return true
    } catch (error) {
      snackbar.show(errorText(error), 'error')
      return false
    }
  }

  const undo = async (participant: string, name: string, d: DayRef) => {
    try {
      await removeMadeUpOtherwise({ participant, dayId: d.dayId })
      await refreshMakeupBook()
      const date = day(d)
      snackbar.show(t`${date} is outstanding again for ${name}.`)
    } catch (error) {
      snackbar.show(errorText(error), 'error')
    }
  }

  return (
    <div className="makeup-needs">
      <div className="makeup-filters" role="search">
        <SelectField
          label={t`Year`}
          name="year"
          value={filter.year ? String(filter.year) : ''}
          placeholder={t`All years`}
          options={PROGRAMME_YEARS.map((year) => ({ value: String(year), label: t`Year ${year}` }))}
          onChange={(value) => setFilter((before) => ({ ...before, year: Number(value) || 0 }))}
        />
        <SelectField
          label={t`Segment`}
          name="segment"
          value={filter.segment ? String(filter.segment) : ''}
          placeholder={t`All segments`}
          options={coverableSegments().map(({ segment }) => ({
            value: String(segment),
            label: t`Segment ${segment}`,
          }))}
          onChange={(value) => setFilter((before) => ({ ...before, segment: Number(value) || 0 }))}
        />
        <p className="muted" role="status">
          <Trans>{waiting} participants with outstanding days</Trans>
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="muted">
          <Trans>Nobody has outstanding days here.</Trans>
        </p>
      ) : (
        <ul className="makeup-needs-list">
          {rows.map((row) => {
            const { overall } = row.standing
            const missed = overall.missed.length
            const madeUp = overall.madeUp.length
            const late = overall.late.length
            return (
              <li key={row.participant} className="card" data-participant={row.participant}>
                <div className="makeup-needs-head">
                  <h3>
                    {row.name}
                    <span className={`makeup-badge standing-${row.standing.standing}`}>
                      {i18n._(STANDING_NAMES[row.standing.standing])}
                    </span>
                  </h3>
                  <span className="muted">
                    <Trans>
                      missed {missed}, made up {madeUp}, late {late}
                    </Trans>
                  </span>
                </div>
                <ul className="makeup-outstanding">
                  {row.outstanding.map((d) => {
                    const segment = d.segment
                    const next = d.coveredBy[0]
                    return (
                      <li key={d.dayId}>
                        <span>
                          <strong>{day(d)}</strong>{' '}
                          <span className="muted">
                            <Trans>segment {segment}</Trans>
                            {d.mark === 'excused' && <>, {t`excused`}</>}
                          </span>
                        </span>
                        <span className="muted">
                          {next ? (
                            <Trans>
                              Next covering session: {formatDay(i18n.locale, next.dayStr)}
                            </Trans>
                          ) : (
                            <Trans>no covering session yet</Trans>
                          )}
                        </span>
                        <button
                          type="button"
                          className="btn btn-small btn-secondary"
                          onClick={() =>
                            setAsking({ participant: row.participant, name: row.name, day: d })
                          }
                        >
                          <Trans>Made up otherwise…</Trans>
                        </button>
                      </li>
                    )
                  })}
                </ul>
                {row.madeUpOtherwise.length > 0 && (
                  <ul className="makeup-outstanding makeup-made-up">
                    {row.madeUpOtherwise.map((d) => (
                      <li key={d.dayId}>
                        <span>
                          <strong>{day(d)}</strong>{' '}
                          <span className="muted">
                            <Trans>made up otherwise</Trans>
                          </span>
                        </span>
                        <span className="muted">
                          {d.madeUp.by === 'otherwise' ? d.madeUp.record.note : ''}
                        </span>
                        <ConfirmButton
                          className="btn btn-small btn-text"
                          question={t`Undo "made up otherwise" of ${day(d)} for ${row.name}? The day is outstanding again.`}
                          confirmLabel={t`Undo`}
                          onConfirm={() => undo(row.participant, row.name, d)}
                        >
                          <Trans>Undo</Trans>
                        </ConfirmButton>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {asking && (
        <ReasonDialog
          title={t`${day(asking.day)}: made up otherwise by ${asking.name}`}
          confirmLabel={t`Record as made up`}
          reasonLabel={t`How was the day made up? (required)`}
          maxLength={NOTE_MAX_LENGTH}
          placeholder={t`e.g. studied the day's recordings and handed in a summary`}
          missingText={t`Say how the day was made up`}
          tone="primary"
          onConfirm={record}
          onClose={() => setAsking(null)}
        />
      )}
    </div>
  )
}
