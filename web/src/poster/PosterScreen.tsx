// /poster: the programme's poster for the studio wall, A4 or A3, for one year. The controls are
// not printed and the minimal layout has no app chrome, so printing gives the sheet alone, on
// one page of the chosen size (poster.css names the page per size).
import { useLocation, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { posterOf, posterYears, timetableUrl } from '@lfit/domain/poster/poster'
import { PosterSheet } from './PosterSheet'
import { POSTER_SIZES, posterChoice, posterHref, type PosterChoice } from './poster-search'
import './poster.css'

export default function PosterScreen() {
  const { t } = useLingui()
  const location = useLocation()
  const navigate = useNavigate()
  const choice = posterChoice(location.searchStr, Date.now())
  const choose = (next: Partial<PosterChoice>) =>
    void navigate({ href: posterHref({ ...choice, ...next }), replace: true })
  const origin = window.location.origin
  return (
    <div className={`poster-screen poster-${choice.size.toLowerCase()}`}>
      <div className="poster-controls">
        <h1 className="poster-controls-title">
          <Trans>Poster</Trans>
        </h1>
        <label>
          <Trans>Year</Trans>{' '}
          <select
            name="year"
            value={choice.year}
            onChange={(event) => choose({ year: Number(event.target.value) })}
          >
            {posterYears().map((year) => (
              <option key={year} value={year}>
                {t`Year ${year}`}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="poster-sizes">
          <legend>
            <Trans>Paper size</Trans>
          </legend>
          {POSTER_SIZES.map((size) => (
            <label key={size}>
              <input
                type="radio"
                name="size"
                value={size}
                checked={choice.size === size}
                onChange={() => choose({ size })}
              />{' '}
              {size}
            </label>
          ))}
        </fieldset>
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          <Trans>Print</Trans>
        </button>
      </div>
      <div className="poster-preview">
        <PosterSheet
          poster={posterOf(choice.year)}
          origin={origin}
          timetable={timetableUrl(origin, choice.year)}
        />
      </div>
    </div>
  )
}
