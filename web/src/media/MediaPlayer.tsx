// The player itself, loaded only when a recording is opened (with media-chrome, kept out of the
// precache and cached on first use, vite.config.ts): a maintained, accessible control bar (play,
// seek, time, volume, speed, subtitles, full screen, keyboard shortcuts when focused) over the
// browser's own video or audio element, the recording's subtitles as text tracks, the one in the
// reader's language on by default (docs/product-rules.md#recordings).
import './shadow-styles'
import { useEffect, useRef } from 'react'
import { useLingui } from '@lingui/react/macro'
import {
  MediaCaptionsButton,
  MediaControlBar,
  MediaController,
  MediaFullscreenButton,
  MediaMuteButton,
  MediaPlaybackRateButton,
  MediaPlayButton,
  MediaSeekBackwardButton,
  MediaSeekForwardButton,
  MediaTimeDisplay,
  MediaTimeRange,
} from 'media-chrome/react'
import type { MaterialRecord, SubtitleLanguage } from '@lfit/domain/materials/material'
import { defaultSubtitles, playedFile } from '@lfit/domain/media/recording'
import { fileUrl } from '../materials/offline-copies'
import { languageName } from './media-words'
import { playerWords } from './player-words'

export interface MediaPlayerProps {
  recording: MaterialRecord
  lang: SubtitleLanguage
  /** Where to start (where this person stopped), in seconds. */
  startAt: number
  /** The media element, once it is there: the page seeks it (chapters, notes) and reads its time. */
  onElement: (element: HTMLMediaElement | null) => void
}

export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2]

export default function MediaPlayer({ recording, lang, startAt, onElement }: MediaPlayerProps) {
  const { t, i18n } = useLingui()
  const media = useRef<HTMLVideoElement & HTMLAudioElement>(null)
  const file = playedFile(recording)
  const shown = defaultSubtitles(recording, lang)
  const started = useRef(false)
  // Before the player's elements are made: they read their words as they are drawn.
  playerWords(i18n, lang)

  useEffect(() => {
    const element = media.current
    onElement(element)
    return () => onElement(null)
  }, [onElement])

  useEffect(() => {
    const element = media.current
    if (!element || started.current) return
    const resume = () => {
      if (started.current) return
      started.current = true
      if (startAt > 0 && startAt < (element.duration || Infinity) - 1) element.currentTime = startAt
    }
    if (element.readyState >= 1) resume()
    else element.addEventListener('loadedmetadata', resume, { once: true })
    return () => element.removeEventListener('loadedmetadata', resume)
  }, [startAt])

  if (!file) return null
  const tracks = recording.subtitles.map((ref) => (
    <track
      key={ref.fileId}
      kind="subtitles"
      src={fileUrl(ref.fileId)}
      srcLang={ref.lang}
      label={languageName(i18n, ref.lang)}
      default={ref.lang === shown}
    />
  ))
  const video = file.type.startsWith('video/')
  return (
    <MediaController
      className={video ? 'player player-video' : 'player player-audio'}
      {...(video ? {} : { audio: true })}
      defaultSubtitles={shown !== undefined}
      lang={lang}
    >
      {video ? (
        <video
          ref={media}
          slot="media"
          src={fileUrl(file.fileId)}
          preload="metadata"
          playsInline
          aria-label={t`Recording`}
        >
          {tracks}
        </video>
      ) : (
        <audio ref={media} slot="media" src={fileUrl(file.fileId)} preload="metadata">
          {tracks}
        </audio>
      )}
      {/* Two rows, so that a phone has room for every button at a finger's size. */}
      <MediaControlBar className="player-timebar">
        <MediaTimeRange />
        <MediaTimeDisplay showDuration />
      </MediaControlBar>
      <MediaControlBar>
        <MediaPlayButton />
        <MediaSeekBackwardButton seekOffset={10} />
        <MediaSeekForwardButton seekOffset={10} />
        <MediaMuteButton />
        <MediaPlaybackRateButton rates={PLAYBACK_RATES} />
        {recording.subtitles.length > 0 && <MediaCaptionsButton />}
        {video && <MediaFullscreenButton />}
      </MediaControlBar>
    </MediaController>
  )
}
