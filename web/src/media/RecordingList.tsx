// /posnetek without a recording: the recordings its reader may play (their device holds only
// those), newest study day first, each opening the player. The menu's "Recordings" leads here
// (docs/product-rules.md#recordings).
import { Trans, useLingui } from '@lingui/react/macro'
import type { MaterialRecord } from '@lfit/domain/materials/material'
import { materialTitle } from '@lfit/domain/materials/lists'
import { formatPlayTime, readerRecordings } from '@lfit/domain/media/recording'
import { formatDay } from '../i18n/date-format'
import { readingLanguage } from '../materials/MaterialCard'
import { PlayLink } from './PlayLink'

export function RecordingList({ materials }: { materials: readonly MaterialRecord[] }) {
  const { t, i18n } = useLingui()
  const lang = readingLanguage(i18n.locale)
  const recordings = readerRecordings(materials)
  return (
    <section className="media-player-page" aria-labelledby="recordings-title">
      <h1 id="recordings-title">
        <Trans>Recordings</Trans>
      </h1>
      {recordings.length === 0 ? (
        <p data-empty>
          <Trans>
            No recordings for you on this device yet. They appear here when your educators add them
            (after the next sync).
          </Trans>
        </p>
      ) : (
        <ul className="recording-list">
          {recordings.map((recording) => (
            <li key={recording._id}>
              <PlayLink id={recording._id} className="card carousel-item">
                <span className="carousel-title">
                  {materialTitle(recording, lang) || t`Untitled material`}
                </span>
                <span className="muted">
                  {[
                    recording.day && formatDay(i18n.locale, recording.day),
                    recording.durationSec ? formatPlayTime(recording.durationSec) : '',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </PlayLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
