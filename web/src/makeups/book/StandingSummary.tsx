// A participant's missed, late, made-up and outstanding days and their standing against the
// limits, per programme year and over the programme (docs/product-rules.md#make-ups-and-attendance-rules),
// with each outstanding day's make-up sessions to come. On /mojRacun and /prisotnostGraf; it
// reads the one local view, so a mark made offline on this device counts at once. Phone first:
// lines that wrap, never a table wider than the screen.
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type {
  Figures,
  MadeUpDay,
  OutstandingDay,
  ParticipantStanding,
} from '@lfit/domain/makeups/standing'
import { formatDay } from '../../i18n/date-format'
import { materialSegmentName } from '../../materials/words'
import { coversWords, sessionLabel } from './session-words'
import { standingName, standingSentence } from './standing-words'
import { useStanding, useStoredMakeupBook } from './use-makeup-book'
import './standing.css'

export function StandingSummary({
  participant,
  signUpLink = false,
}: {
  participant: string
  /** Offer the way to sign up for make-ups (the participant's own view). */
  signUpLink?: boolean
}) {
  const book = useStoredMakeupBook()
  const standing = useStanding(participant)
  if (book === null)
    return (
      <p data-standing="unknown">
        <Trans>
          The make-up figures are not on this device yet; they appear after the next sync.
        </Trans>
      </p>
    )
  if (!standing)
    return (
      <p aria-busy="true">
        <Trans>Loading…</Trans>
      </p>
    )
  if (standing.years.length === 0)
    return (
      <p data-standing="none">
        <Trans>No programme year of yours counts yet.</Trans>
      </p>
    )
  return <StandingFigures standing={standing} signUpLink={signUpLink} />
}

function StandingFigures({
  standing,
  signUpLink,
}: {
  standing: ParticipantStanding
  signUpLink: boolean
}) {
  const { t, i18n } = useLingui()
  const { overall } = standing
  return (
    <div className="standing" data-standing={standing.standing}>
      <p className="standing-headline" data-level={standing.standing}>
        <strong>{standingName(i18n, standing.standing)}</strong>
      </p>
      <ul className="standing-scopes">
        {standing.years.map((year) => (
          <Scope key={year.year} title={t`Year ${year.year}`} figures={year} scope="year" />
        ))}
        {standing.years.length > 1 && (
          <Scope title={t`Whole programme`} figures={overall} scope="programme" />
        )}
        {standing.years.length === 1 && (
          <li className="standing-scope" data-scope="programme" data-level={overall.standing}>
            {standingSentence(i18n, overall, 'programme')}
          </li>
        )}
      </ul>
      {overall.outstanding.length > 0 && (
        <>
          <h3>
            <Trans>Days to make up</Trans>
          </h3>
          <ul className="standing-days">
            {overall.outstanding.map((day) => (
              <Outstanding key={day.dayId} day={day} materialLink={signUpLink} />
            ))}
          </ul>
          {signUpLink && (
            <p>
              <Link to="/prijavaNadomescanje" className="btn">
                <Trans>Sign up for a make-up session</Trans>
              </Link>
            </p>
          )}
        </>
      )}
      {overall.madeUp.length > 0 && (
        <>
          <h3>
            <Trans>Made up</Trans>
          </h3>
          <ul className="standing-days">
            {overall.madeUp.map((day) => (
              <MadeUp key={day.dayId} day={day} />
            ))}
          </ul>
        </>
      )}
    </div>
  )
}

function Scope({
  title,
  figures,
  scope,
}: {
  title: string
  figures: Figures
  scope: 'year' | 'programme'
}) {
  const { i18n } = useLingui()
  const missed = figures.missed.length
  const late = figures.late.length
  const madeUp = figures.madeUp.length
  const outstanding = figures.outstanding.length
  return (
    <li className="standing-scope" data-scope={scope} data-level={figures.standing}>
      <strong>{title}</strong>: {standingSentence(i18n, figures, scope)}
      <span className="standing-counts">
        <Trans>
          Missed {missed} · late {late} · made up {madeUp} · to make up {outstanding}
        </Trans>
      </span>
    </li>
  )
}

function dayWords(locale: string, day: OutstandingDay | MadeUpDay) {
  return formatDay(locale, day.dayStr)
}

function Outstanding({ day, materialLink }: { day: OutstandingDay; materialLink: boolean }) {
  const { t, i18n } = useLingui()
  const when = dayWords(i18n.locale, day)
  const segment = day.segment
  const segmentMaterial = materialSegmentName(i18n, segment)
  return (
    <li data-outstanding={day.dayId}>
      <span className="standing-day">{when}</span>{' '}
      <span className="muted">
        {day.mark === 'excused' ? t`excused, segment ${segment}` : t`absent, segment ${segment}`}
      </span>
      {day.coveredBy.length === 0 ? (
        <span className="standing-covers">
          <Trans>No make-up session covers this day yet.</Trans>
        </span>
      ) : (
        <ul className="standing-sessions" aria-label={t`Make-up sessions for ${when}`}>
          {day.coveredBy.map((session) => (
            <li key={session._id} data-session={session._id}>
              {sessionLabel(i18n, session)}{' '}
              <span className="muted">({coversWords(i18n, session)})</span>
            </li>
          ))}
        </ul>
      )}
      {materialLink && (
        // What was studied that day: the participant's own view links to its segment's material.
        <Link
          className="standing-material"
          to="/gradiva"
          search={{ year: day.year, segment: day.segment }}
          data-material-link={`${day.year}:${day.segment}`}
        >
          <Trans>Material: {segmentMaterial}</Trans>
        </Link>
      )}
    </li>
  )
}

function MadeUp({ day }: { day: MadeUpDay }) {
  const { t, i18n } = useLingui()
  const when = dayWords(i18n.locale, day)
  const how =
    day.madeUp.by === 'session'
      ? t`at the make-up session of ${formatDay(i18n.locale, day.madeUp.session.dayStr)}`
      : t`otherwise: ${day.madeUp.record.note}`
  return (
    <li data-made-up={day.dayId}>
      <span className="standing-day">{when}</span> <span className="muted">{how}</span>
    </li>
  )
}
