// The demo's files, made on the spot so the repository carries no binaries and the first start
// stays quick (docs/0051-living-demo.md): one-page PDFs, pictures drawn by sharp (the library the
// server already uses for photos), a short WAV of three tones, and its subtitles in both
// languages as WebVTT. Each is stored as an upload is: bytes in the file store by hash, a record
// in `files` naming them, so downloads, access and offline copies treat them as any other file.
import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import sharp from 'sharp'
import type { FileKind, FileRef } from '@lfit/domain/materials/material'
import { fileRefOf, FILES, type StoredFileMeta } from '../files/metadata'
import type { FileStore } from '../files/port'
import type { Store } from '../store/port'

/** A made file before it is stored: its name, sniffable type and bytes. */
export interface DemoFile {
  name: string
  type: string
  kind: FileKind
  bytes: Buffer
}

/** PDF text is written in the standard fonts' encoding: Latin letters without their marks. */
function pdfText(line: string): string {
  return line
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/[\\()]/g, (c) => `\\${c}`)
}

/**
 * A one-page A4 PDF with a title and lines of text, the objects and cross-reference table
 * written out by hand (PDF 1.4): a reader opens it, and it is a few hundred bytes.
 */
export function demoPdf(title: string, lines: readonly string[]): Buffer {
  const text = [
    'BT /F1 20 Tf 56 780 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 12 Tf 0 -32 Td 16 TL',
    ...lines.map((line) => `(${pdfText(line)}) '`),
    'ET',
  ].join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

const SAMPLE_RATE = 8_000

/**
 * A mono 16-bit PCM WAV of `notes` (Hz), each `noteSeconds` long with a soft start and end so
 * it does not click: a real recording the player plays, about 16 kB a second.
 */
export function demoWav(notes: readonly number[], noteSeconds: number): Buffer {
  const perNote = Math.round(SAMPLE_RATE * noteSeconds)
  const samples = perNote * notes.length
  const wav = Buffer.alloc(44 + samples * 2)
  wav.write('RIFF', 0, 'ascii')
  wav.writeUInt32LE(36 + samples * 2, 4)
  wav.write('WAVEfmt ', 8, 'ascii')
  wav.writeUInt32LE(16, 16)
  wav.writeUInt16LE(1, 20)
  wav.writeUInt16LE(1, 22)
  wav.writeUInt32LE(SAMPLE_RATE, 24)
  wav.writeUInt32LE(SAMPLE_RATE * 2, 28)
  wav.writeUInt16LE(2, 32)
  wav.writeUInt16LE(16, 34)
  wav.write('data', 36, 'ascii')
  wav.writeUInt32LE(samples * 2, 40)
  const pcm = new Int16Array(samples)
  notes.forEach((hz, note) => {
    for (let i = 0; i < perNote; i++) {
      const fade = Math.min(1, i / 400, (perNote - i) / 400)
      const value = Math.sin((2 * Math.PI * hz * i) / SAMPLE_RATE) * 0.4 * fade
      pcm[note * perNote + i] = Math.round(value * 32_767)
    }
  })
  // WAV samples are little-endian, as Int16Array is on every machine Node runs on here.
  Buffer.from(pcm.buffer).copy(wav, 44)
  return wav
}

/** A WebVTT file of cues `[from, to, text]` in seconds. */
export function demoWebVtt(cues: readonly (readonly [number, number, string])[]): Buffer {
  const stamp = (seconds: number) => {
    const whole = Math.floor(seconds)
    const millis = Math.round((seconds - whole) * 1000)
    return `00:${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}.${String(millis).padStart(3, '0')}`
  }
  const blocks = cues.map(([from, to, text]) => `${stamp(from)} --> ${stamp(to)}\n${text}`)
  return Buffer.from(`WEBVTT\n\n${blocks.join('\n\n')}\n`, 'utf8')
}

/**
 * A picture drawn from shapes (no text: the server has no fonts to promise): a sky in `hue`,
 * hills and a sun placed by `seed`, so each demo photo looks different. PNG or JPEG.
 */
export async function demoPicture(
  seed: number,
  hue: number,
  size: { width: number; height: number },
  format: 'png' | 'jpeg',
): Promise<Buffer> {
  const { width, height } = size
  const sunX = Math.round(width * (0.2 + ((seed * 37) % 60) / 100))
  const hill = (shift: number, light: number) =>
    `<path d="M0 ${height * 0.7 + shift} Q ${width * 0.3} ${height * 0.45 + shift} ${width * 0.6} ${height * 0.68 + shift} T ${width} ${height * 0.6 + shift} V ${height} H 0 Z" fill="hsl(${(hue + 100) % 360},40%,${light}%)"/>`
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},80%,85%)"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#s)"/>
<circle cx="${sunX}" cy="${height * 0.3}" r="${height * 0.12}" fill="hsl(45,95%,70%)"/>
${hill(0, 45)}${hill(height * 0.12, 32)}
</svg>`
  const image = sharp(Buffer.from(svg))
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 80 }).toBuffer()
}

/**
 * Stores `file` as an upload of `by` at `at` would be stored, and answers its reference. The id
 * comes from the name and bytes (an upload's is random): two instances seeding one database at
 * once write one record and the same references.
 */
export async function storeDemoFile(
  store: Store,
  files: FileStore,
  file: DemoFile,
  by: string,
  at: number,
): Promise<FileRef> {
  const stored = await files.put(Readable.from([file.bytes]))
  const _id = createHash('sha256')
    .update(`demo-file\0${file.name}\0${stored.hash}`)
    .digest('base64url')
    .slice(0, 22)
  const meta: StoredFileMeta = {
    _id,
    hash: stored.hash,
    size: stored.size,
    type: file.type,
    kind: file.kind,
    name: file.name,
    uploadedBy: by,
    uploadedAt: at,
    uploadId: `demo-${_id}`,
  }
  const { _id: id, ...fields } = meta
  await store.collection(FILES).upsert({ _id: id }, { $setOnInsert: fields })
  return fileRefOf(meta)
}
