// A language's subtitles as the editor keeps them: WebVTT text, checked here before it is sent
// (the server checks it again), uploaded as a `.vtt` file through the one resumable upload.
import {
  SUBTITLE_LANGUAGES,
  type SubtitleLanguage,
  type SubtitleRef,
} from '@lfit/domain/materials/material'
import { parseWebVtt } from '@lfit/domain/media/webvtt'
import { startUpload } from '../editing/upload'
import { fileUrl } from '../materials/offline-copies'

export { SUBTITLE_LANGUAGES }

/**
 * The name of a recording's subtitles file, `{title}.{lang}.vtt`: the title in the screen's
 * language (the editor reads the file list in it), the other title when it has none in that one.
 */
export function subtitlesFileName(
  recording: { _id: string; titleSl: string; titleEn: string },
  screen: SubtitleLanguage,
  lang: SubtitleLanguage,
): string {
  const { titleSl, titleEn } = recording
  const title = (screen === 'sl' ? titleSl || titleEn : titleEn || titleSl) || recording._id
  return `${title.replace(/[^\p{L}\p{N}_-]+/gu, '-').slice(0, 80) || 'subtitles'}.${lang}.vtt`
}

/** Uploads checked WebVTT text under `name`; answers the subtitles' reference. */
export async function uploadSubtitles(
  text: string,
  lang: SubtitleLanguage,
  name: string,
): Promise<SubtitleRef> {
  const ref = await startUpload(new Blob([text], { type: 'text/vtt' }), name, { type: 'text/vtt' })
    .done
  return { ...ref, lang }
}

/** The text of stored subtitles, to edit them. */
export async function subtitlesText(ref: SubtitleRef): Promise<string> {
  const response = await fetch(fileUrl(ref.fileId), { credentials: 'same-origin' })
  if (!response.ok) throw new Error(`status ${response.status}`)
  return response.text()
}

export { parseWebVtt }
