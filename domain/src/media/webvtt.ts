// WebVTT subtitles (docs/product-rules.md#recordings): a recording's subtitles are one WebVTT file
// per language, uploaded or typed in. The check here is what the editor shows before saving and
// what the upload route applies to the bytes, so a file the player could not read is never stored:
// the `WEBVTT` header, then cues whose timing line reads `start --> end` with end after start.
import type { Bilingual } from '../messages/bilingual'

export interface SubtitleCue {
  /** Seconds from the start of the recording. */
  start: number
  end: number
  text: string
}

export type WebVttCheck =
  { ok: true; cues: SubtitleCue[] } | { ok: false; line: number; message: Bilingual }

/** Largest subtitle file accepted, in bytes (a two-hour talk is well under 300 kB). */
export const SUBTITLES_MAX_BYTES = 2 * 1024 * 1024

const TIMESTAMP = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/
const TIMING = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t].*)?$/

/** Seconds of a WebVTT timestamp (`mm:ss.ttt` or `hh:mm:ss.ttt`), or null. */
export function vttSeconds(stamp: string): number | null {
  const match = TIMESTAMP.exec(stamp)
  if (!match) return null
  const [, hours = '0', minutes = '0', seconds = '0', millis = '0'] = match
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(millis) / 1000
}

function refusal(line: number, sl: string, en: string): WebVttCheck {
  return {
    ok: false,
    line,
    message: { sl: `Podnapisi, vrstica ${line}: ${sl}`, en: `Subtitles, line ${line}: ${en}` },
  }
}

/** Reads WebVTT text; the first problem is reported with its line number (from 1). */
export function parseWebVtt(text: string): WebVttCheck {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
  const header = lines[0] ?? ''
  if (!/^WEBVTT(?:[ \t].*)?$/.test(header)) {
    return refusal(
      1,
      'datoteka se mora začeti z besedo WEBVTT',
      'the file must start with the word WEBVTT',
    )
  }
  const cues: SubtitleCue[] = []
  let index = 1
  while (index < lines.length) {
    // A block: lines up to the next blank line. Header metadata, NOTE, STYLE and REGION blocks
    // carry no timing and are skipped; a cue has its timing on the first or second line.
    while (index < lines.length && (lines[index] ?? '').trim() === '') index += 1
    const start = index
    while (index < lines.length && (lines[index] ?? '').trim() !== '') index += 1
    const block = lines.slice(start, index)
    if (block.length === 0) break
    const first = block[0] ?? ''
    if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(first)) continue
    const timingAt = first.includes('-->') ? 0 : (block[1] ?? '').includes('-->') ? 1 : -1
    if (timingAt < 0) {
      if (cues.length === 0 && start === 1) continue
      return refusal(
        start + 1,
        'pričakovana je vrstica s časom, npr. 00:01.000 --> 00:04.000',
        'a timing line is expected, e.g. 00:01.000 --> 00:04.000',
      )
    }
    const lineNumber = start + timingAt + 1
    const timing = TIMING.exec((block[timingAt] ?? '').trim())
    const from = timing ? vttSeconds(timing[1] ?? '') : null
    const to = timing ? vttSeconds(timing[2] ?? '') : null
    if (from === null || to === null) {
      return refusal(
        lineNumber,
        'čas mora biti zapisan kot mm:ss.ttt ali hh:mm:ss.ttt',
        'times must be written as mm:ss.ttt or hh:mm:ss.ttt',
      )
    }
    if (to <= from) {
      return refusal(lineNumber, 'konec mora biti za začetkom', 'the end must come after the start')
    }
    cues.push({ start: from, end: to, text: block.slice(timingAt + 1).join('\n') })
  }
  return { ok: true, cues }
}
