// Recordings (docs/product-rules.md#recordings): a recording is a material of kind `video` or
// `audio` (docs/0014-recordings-are-material.md), so who sees it, its files and its withdrawal
// are the material's own rules. This is what the player and the make-up list derive from it.
import type {
  Chapter,
  FileRef,
  MaterialKind,
  MaterialRecord,
  SubtitleLanguage,
} from '../materials/material'

/** Roles that keep the recordings' media data on /mediji. */
export const MEDIA_EDITOR_ROLES = ['admin', 'regEditor', 'mediaEditor'] as const

export const isRecording = (material: Pick<MaterialRecord, 'kind'>): boolean =>
  material.kind === 'video' || material.kind === 'audio'

/**
 * The kind a recording is once its files are attached: video when one of them is a video, audio
 * when its media are all sound (a WAV on a new recording, which /mediji starts as video). A
 * recording without media files, and every other kind, keeps its kind.
 */
export function recordingKindOf(kind: MaterialKind, files: readonly FileRef[]): MaterialKind {
  if (kind !== 'video' && kind !== 'audio') return kind
  if (files.some((file) => file.type.startsWith('video/'))) return 'video'
  return files.some((file) => file.type.startsWith('audio/')) ? 'audio' : kind
}

/** The chapters in playing order; chapters at the same time keep the order they were written. */
export function sortedChapters(chapters: readonly Chapter[]): Chapter[] {
  return chapters
    .map((chapter, index) => ({ chapter, index }))
    .sort((a, b) => a.chapter.at - b.chapter.at || a.index - b.index)
    .map(({ chapter }) => chapter)
}

/** The chapter playing at `seconds`, or undefined before the first. */
export function chapterAt(chapters: readonly Chapter[], seconds: number): Chapter | undefined {
  return sortedChapters(chapters)
    .filter((chapter) => chapter.at <= seconds)
    .at(-1)
}

/** The file the player plays: the first video or audio file of the recording. */
export function playedFile(material: Pick<MaterialRecord, 'files'>): FileRef | undefined {
  return material.files.find(
    (file) => file.type.startsWith('video/') || file.type.startsWith('audio/'),
  )
}

/** Every file a recording needs on a device to play offline: its media and its subtitles. */
export function recordingFiles(material: Pick<MaterialRecord, 'files' | 'subtitles'>): FileRef[] {
  return [
    ...material.files,
    ...material.subtitles.map(({ fileId, name, size, type }) => ({ fileId, name, size, type })),
  ]
}

/**
 * The subtitles shown first: the reader's language, else the other one (a participant who reads
 * English still gets the Slovenian subtitles rather than none).
 */
export function defaultSubtitles(
  material: Pick<MaterialRecord, 'subtitles'>,
  lang: SubtitleLanguage,
): SubtitleLanguage | undefined {
  const langs = material.subtitles.map((ref) => ref.lang)
  return langs.includes(lang) ? lang : langs[0]
}

/** `m:ss`, or `h:mm:ss` from an hour on: how the player and notes write a time. */
export function formatPlayTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  const h = Math.floor(whole / 3600)
  const m = Math.floor((whole % 3600) / 60)
  const s = String(whole % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** Reads `m:ss`, `h:mm:ss` or plain seconds as typed by an editor; null when it is none. */
export function parsePlayTime(text: string): number | null {
  const parts = text.trim().split(':')
  if (parts.length > 3 || parts.some((part) => !/^\d+$/.test(part))) return null
  const numbers = parts.map(Number)
  if (numbers.slice(1).some((n) => n >= 60)) return null
  return numbers.reduce((total, n) => total * 60 + n, 0)
}

const newestFirst = (a: MaterialRecord, b: MaterialRecord) =>
  a.day === b.day ? b.createdAt - a.createdAt : a.day < b.day ? 1 : -1

/**
 * The carousel: the other recordings of the same segment(s) of the same year(s), newest day
 * first. A recording with no segment has the recordings of its day as its neighbours.
 */
export function segmentRecordings(
  recording: MaterialRecord,
  all: readonly MaterialRecord[],
): MaterialRecord[] {
  const shares = (a: readonly number[], b: readonly number[]) => a.some((x) => b.includes(x))
  return all
    .filter((other) => other._id !== recording._id && !other.deleted && isRecording(other))
    .filter((other) =>
      recording.segments.length > 0
        ? shares(other.segments, recording.segments) &&
          (recording.years.length === 0 || shares(other.years, recording.years))
        : recording.day !== '' && other.day === recording.day,
    )
    .sort(newestFirst)
}

/** The recordings of one study day (a make-up day lists those of the day missed). */
export function recordingsOfDay(day: string, all: readonly MaterialRecord[]): MaterialRecord[] {
  return all
    .filter((material) => !material.deleted && isRecording(material) && material.day === day)
    .sort((a, b) => a.createdAt - b.createdAt)
}

/** Every recording a reader's device holds, newest study day first (the recordings' list). */
export function readerRecordings(all: readonly MaterialRecord[]): MaterialRecord[] {
  return all.filter((material) => !material.deleted && isRecording(material)).sort(newestFirst)
}
