// /posnetek without an id: the recordings' list (RecordingList.tsx).
// /posnetek?id=…: one recording for whoever may read it (the device holds only what its reader
// may read): the player with subtitles in the reader's language, its chapters (a tap seeks),
// where I stopped (synced, the player starts there), my notes, "Keep offline" (its subtitles
// too) and the other recordings of its segment to go on with (docs/product-rules.md#recordings).
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { Link, useSearch } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { Trans, useLingui } from '@lingui/react/macro'
import { materialDescription, materialTitle } from '@lfit/domain/materials/lists'
import { mediaProgressId } from '@lfit/domain/media/notes'
import {
  isRecording,
  playedFile,
  recordingFiles,
  segmentRecordings,
  sortedChapters,
} from '@lfit/domain/media/recording'
import { formatPlayTime } from '@lfit/domain/media/recording'
import { formatDay } from '../i18n/date-format'
import { useOnline } from '../layout/ConnectionStatus'
import { KeepOffline } from '../materials/KeepOffline'
import { readingLanguage } from '../materials/MaterialCard'
import { useOfflineCopies } from '../materials/use-offline-copies'
import { useOffline } from '../offline/context'
import { materialsShown, mediaPositionShown } from '../offline/local-view'
import { NotesPanel } from './NotesPanel'
import { PLAYER_PATH } from './player-path'
import { RecordingList } from './RecordingList'
import './media.css'

const MediaPlayer = lazy(() => import('./MediaPlayer'))

/** Where I stopped is saved at most this often while playing (and on pause). */
const PROGRESS_EVERY_SECONDS = 10

export function PlayerScreen() {
  const { t, i18n } = useLingui()
  const { db, user, edit } = useOffline()
  const search = useSearch({ strict: false }) as { id?: unknown }
  const id = typeof search.id === 'string' ? search.id : ''
  const all = useLiveQuery(() => materialsShown(db), [db])
  const person = user?.username ?? ''
  const progressId = mediaProgressId(id, person)
  // Read once per recording: the player starts there; later saves do not move it.
  const startAt = useLiveQuery(() => mediaPositionShown(db, progressId), [db, progressId])
  const copies = useOfflineCopies()
  const online = useOnline()
  const [media, setMedia] = useState<HTMLMediaElement | null>(null)
  const onElement = useCallback((element: HTMLMediaElement | null) => setMedia(element), [])
  const lang = readingLanguage(i18n.locale)
  const recording = all?.find(({ record }) => record._id === id)?.record

  // Where I stopped: saved while playing, on pause, after a jump (a chapter, the time bar) and
  // when leaving the page, so a reader who jumps to a chapter and closes the app comes back there.
  useEffect(() => {
    if (!media || !person || !recording) return
    // What is stored already is not saved again (the player's own seek to it on opening).
    let saved = startAt ?? -1
    const save = () => {
      const position = Math.floor(media.currentTime)
      if (position === saved) return
      saved = position
      void edit('mediaProgress', progressId, {
        participant: person,
        recording: recording._id,
        position,
        updatedAt: Date.now(),
      })
    }
    const onTime = () => {
      if (Math.abs(media.currentTime - saved) >= PROGRESS_EVERY_SECONDS) save()
    }
    media.addEventListener('timeupdate', onTime)
    media.addEventListener('pause', save)
    media.addEventListener('seeked', save)
    window.addEventListener('pagehide', save)
    return () => {
      media.removeEventListener('timeupdate', onTime)
      media.removeEventListener('pause', save)
      media.removeEventListener('seeked', save)
      window.removeEventListener('pagehide', save)
    }
  }, [edit, person, progressId, recording, media, startAt])

  if (all === undefined || startAt === undefined)
    return (
      <p className="muted" role="status">
        <Trans>Loading…</Trans>
      </p>
    )
  if (!id) return <RecordingList materials={all.map(({ record }) => record)} />
  if (!recording || !isRecording(recording))
    return (
      <section className="card">
        <h1>
          <Trans>Recording</Trans>
        </h1>
        <p role="alert">
          <Trans>
            This recording is not on this device; it may have been removed, or it is not for you.
          </Trans>
        </p>
        <Link to={PLAYER_PATH} className="btn">
          <Trans>All recordings</Trans>
        </Link>
      </section>
    )
  const title = materialTitle(recording, lang) || t`Untitled material`
  const description = materialDescription(recording, lang)
  const chapters = sortedChapters(recording.chapters)
  const played = playedFile(recording)
  // Offline, only a kept file plays; the player alone would show 0:00 / 0:00 and no reason.
  const unreachable = !online && played !== undefined && copies.kept?.has(played.fileId) === false
  const neighbours = segmentRecordings(
    recording,
    all.map(({ record }) => record),
  )
  const seek = (seconds: number) => {
    if (!media) return
    media.currentTime = seconds
    void media.play().catch(() => undefined)
  }
  const meta = [
    recording.day && formatDay(i18n.locale, recording.day),
    recording.educators.join(', '),
  ]
    .filter(Boolean)
    .join(' · ')
  return (
    <section className="media-player-page" aria-labelledby="player-title" data-recording={id}>
      <h1 id="player-title">{title}</h1>
      {meta && <p className="muted">{meta}</p>}
      {unreachable && (
        <p className="alert player-unavailable" role="alert" data-unavailable>
          <Trans>
            This recording is not kept on this device and there is no connection, so it cannot play
            now. It plays when you are online again; “Keep offline” below keeps it for the next time
            without a connection.
          </Trans>
        </p>
      )}
      <Suspense
        fallback={
          <p className="muted" role="status">
            <Trans>Loading the player…</Trans>
          </p>
        }
      >
        <MediaPlayer
          key={recording._id}
          recording={recording}
          lang={lang}
          startAt={startAt}
          onElement={onElement}
        />
      </Suspense>
      {startAt > 0 && (
        <p className="muted" data-resume={startAt}>
          {t`Continues from ${formatPlayTime(startAt)}, where you stopped.`}
        </p>
      )}
      {chapters.length > 0 && (
        <nav className="card chapters" aria-labelledby="chapters-title">
          <h2 id="chapters-title">
            <Trans>Chapters</Trans>
          </h2>
          <ol>
            {chapters.map((chapter) => {
              const name =
                (lang === 'sl' ? chapter.titleSl : chapter.titleEn) ||
                chapter.titleSl ||
                chapter.titleEn
              return (
                <li key={`${chapter.at}-${name}`}>
                  <button
                    type="button"
                    className="btn chapter"
                    data-at={chapter.at}
                    onClick={() => seek(chapter.at)}
                  >
                    <span className="chapter-time">{formatPlayTime(chapter.at)}</span> {name}
                  </button>
                </li>
              )
            })}
          </ol>
        </nav>
      )}
      {description && (
        // Sanitised by the server before it was stored (docs/access-policy.md#materials).
        <div className="material-description" dangerouslySetInnerHTML={{ __html: description }} />
      )}
      <KeepOffline
        id={recording._id}
        files={recordingFiles(recording)}
        copies={copies}
        label={title}
      />
      {person && (
        <NotesPanel
          recording={recording._id}
          title={title}
          person={person}
          currentTime={() => media?.currentTime ?? 0}
          seek={seek}
        />
      )}
      {neighbours.length > 0 && (
        <nav className="recording-carousel" aria-labelledby="carousel-title">
          <h2 id="carousel-title">
            <Trans>More recordings of this segment</Trans>
          </h2>
          <ul>
            {neighbours.map((other) => (
              <li key={other._id}>
                <Link to={PLAYER_PATH} search={{ id: other._id }} className="card carousel-item">
                  <span className="carousel-title">
                    {materialTitle(other, lang) || t`Untitled material`}
                  </span>
                  <span className="muted">
                    {[
                      other.day && formatDay(i18n.locale, other.day),
                      other.durationSec ? formatPlayTime(other.durationSec) : '',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  )
}
