// The player's own words (media-chrome's labels, tooltips and messages) in the app's languages,
// through Lingui like every other word: the player looks its words up by these English keys.
// `{name}` placeholders are media-chrome's, filled in by the player.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { addTranslation, setLanguage } from 'media-chrome/dist/utils/i18n.js'

const seekOffset = '{seekOffset}'
const playbackRate = '{playbackRate}'
const time = '{time}'
const currentTime = '{currentTime}'
const totalTime = '{totalTime}'

const WORDS = {
  Play: msg`Play`,
  Pause: msg`Pause`,
  play: msg`play`,
  pause: msg`pause`,
  'Seek backward': msg`Seek backward`,
  'Seek forward': msg`Seek forward`,
  'seek back {seekOffset} seconds': msg`seek back ${seekOffset} seconds`,
  'seek forward {seekOffset} seconds': msg`seek forward ${seekOffset} seconds`,
  Mute: msg`Mute`,
  Unmute: msg`Unmute`,
  mute: msg`mute`,
  unmute: msg`unmute`,
  volume: msg`volume`,
  'Playback rate': msg`Playback speed`,
  'Playback rate {playbackRate}': msg`Playback speed ${playbackRate}`,
  'current playback rate': msg`current playback speed`,
  Captions: msg`Subtitles`,
  'Enable captions': msg`Show subtitles`,
  'Disable captions': msg`Hide subtitles`,
  'closed captions': msg`subtitles`,
  Off: msg`Off`,
  'Enter fullscreen mode': msg`Full screen`,
  'Exit fullscreen mode': msg`Exit full screen`,
  'enter fullscreen mode': msg`full screen`,
  'exit fullscreen mode': msg`exit full screen`,
  'audio player': msg`audio player`,
  'video player': msg`video player`,
  seek: msg`seek`,
  'playback time': msg`playback time`,
  'media loading': msg`loading the recording`,
  hour: msg`hour`,
  hours: msg`hours`,
  minute: msg`minute`,
  minutes: msg`minutes`,
  second: msg`second`,
  seconds: msg`seconds`,
  '{time} remaining': msg`${time} remaining`,
  '{currentTime} of {totalTime}': msg`${currentTime} of ${totalTime}`,
  'video not loaded, unknown time.': msg`video not loaded, unknown time.`,
  'Network Error': msg`Network error`,
  'Decode Error': msg`The recording cannot be played`,
  'Source Not Supported': msg`Format not supported`,
  'A network error caused the media download to fail.': msg`The recording could not be downloaded: the network failed.`,
  'A media error caused playback to be aborted. The media could be corrupt or your browser does not support this format.': msg`Playing stopped: the file may be damaged, or this browser cannot play its format.`,
  'An unsupported error occurred. The server or network failed, or your browser does not support this format.': msg`The recording cannot be played: the server or the network failed, or this browser cannot play its format.`,
} as const

/** Gives the player the words of `lang` (the reader's) and makes it the player's language. */
export function playerWords(i18n: I18n, lang: string): void {
  addTranslation(
    lang,
    Object.fromEntries(Object.entries(WORDS).map(([key, words]) => [key, i18n._(words)])),
  )
  setLanguage(lang)
}
