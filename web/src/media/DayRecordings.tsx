// The recordings of one study day, as a participant's outstanding make-up day lists them: what
// they may read of that day's video and audio (their device holds nothing else), each opening the
// player (docs/product-rules.md#recordings).
import { useLiveQuery } from 'dexie-react-hooks'
import { Trans, useLingui } from '@lingui/react/macro'
import { materialTitle } from '@lfit/domain/materials/lists'
import { formatPlayTime, recordingsOfDay } from '@lfit/domain/media/recording'
import { readingLanguage } from '../materials/MaterialCard'
import { useOffline } from '../offline/context'
import { materialsShown } from '../offline/local-view'
import { PlayLink } from './PlayLink'

export function DayRecordings({ day }: { day: string }) {
  const { t, i18n } = useLingui()
  const { db } = useOffline()
  const recordings = useLiveQuery(
    async () =>
      recordingsOfDay(
        day,
        (await materialsShown(db)).map(({ record }) => record),
      ),
    [db, day],
  )
  if (!recordings || recordings.length === 0) return null
  const lang = readingLanguage(i18n.locale)
  return (
    <div className="day-recordings" data-recordings-of={day}>
      <p>
        <Trans>Recordings of this day:</Trans>
      </p>
      <ul>
        {recordings.map((recording) => (
          <li key={recording._id}>
            <PlayLink id={recording._id} className="btn">
              {materialTitle(recording, lang) || t`Untitled material`}
              {recording.durationSec > 0 && ` (${formatPlayTime(recording.durationSec)})`}
            </PlayLink>
          </li>
        ))}
      </ul>
    </div>
  )
}
