// Which files may be uploaded and what they are called (docs/architecture.md#files): each allowed
// type belongs to one file kind (with its own size limit on the server) and has the extensions a
// name of that type may end in. The server sniffs the type from the bytes and accepts a file only
// when the bytes, the declared type and the name's extension agree, so a renamed or mislabelled
// file is refused rather than stored and served under a false type.
import type { FileKind } from './material'

export interface AllowedType {
  /** The MIME type as sniffed from the bytes (and as stored and served). */
  type: string
  kind: FileKind
  /** Lower-case, without the dot; the first is the usual one. */
  extensions: readonly string[]
  /** Other names browsers and systems declare for the same type. */
  aliases?: readonly string[]
  /** What people call it, for the list of allowed types in a refusal. */
  label: string
}

export const ALLOWED_TYPES: readonly AllowedType[] = [
  { type: 'application/pdf', kind: 'document', extensions: ['pdf'], label: 'PDF' },
  {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    kind: 'document',
    extensions: ['docx'],
    label: 'Word',
  },
  {
    type: 'application/vnd.oasis.opendocument.text',
    kind: 'document',
    extensions: ['odt'],
    label: 'ODT',
  },
  { type: 'application/epub+zip', kind: 'document', extensions: ['epub'], label: 'EPUB' },
  {
    type: 'audio/mpeg',
    kind: 'audio',
    extensions: ['mp3'],
    aliases: ['audio/mp3', 'audio/x-mp3', 'audio/mpeg3'],
    label: 'MP3',
  },
  { type: 'audio/ogg', kind: 'audio', extensions: ['ogg', 'oga', 'opus'], label: 'OGG' },
  {
    type: 'audio/wav',
    kind: 'audio',
    extensions: ['wav'],
    aliases: ['audio/x-wav', 'audio/wave', 'audio/vnd.wave'],
    label: 'WAV',
  },
  {
    type: 'audio/x-m4a',
    kind: 'audio',
    extensions: ['m4a'],
    aliases: ['audio/m4a', 'audio/mp4'],
    label: 'M4A',
  },
  {
    type: 'audio/flac',
    kind: 'audio',
    extensions: ['flac'],
    aliases: ['audio/x-flac'],
    label: 'FLAC',
  },
  { type: 'video/mp4', kind: 'video', extensions: ['mp4', 'm4v'], label: 'MP4' },
  { type: 'video/webm', kind: 'video', extensions: ['webm'], label: 'WebM' },
  { type: 'video/quicktime', kind: 'video', extensions: ['mov'], label: 'MOV' },
  // A recording's subtitles (docs/product-rules.md#recordings): text, so nothing sniffs it from
  // the bytes; the upload route reads it as WebVTT instead and stores only a file that parses.
  { type: 'text/vtt', kind: 'document', extensions: ['vtt'], label: 'WebVTT' },
  { type: 'image/png', kind: 'image', extensions: ['png'], label: 'PNG' },
  { type: 'image/jpeg', kind: 'image', extensions: ['jpg', 'jpeg'], label: 'JPEG' },
  { type: 'image/webp', kind: 'image', extensions: ['webp'], label: 'WebP' },
  { type: 'image/gif', kind: 'image', extensions: ['gif'], label: 'GIF' },
]

/** The allowed types named as people know them, for the message that refuses another type. */
export const ALLOWED_TYPE_LABELS = ALLOWED_TYPES.map((allowed) => allowed.label).join(', ')

/** The type without parameters, lower-case (`audio/ogg; codecs=opus` is `audio/ogg`). */
function bareType(type: string): string {
  return (type.split(';')[0] ?? '').trim().toLowerCase()
}

/** The allowed type a MIME type names (by its type or an alias), or undefined. */
export function allowedType(type: string): AllowedType | undefined {
  const bare = bareType(type)
  return ALLOWED_TYPES.find((allowed) => allowed.type === bare || allowed.aliases?.includes(bare))
}

/** The allowed type a name's extension stands for, or undefined. */
export function typeOfExtension(extension: string): AllowedType | undefined {
  const lower = extension.toLowerCase()
  return ALLOWED_TYPES.find((allowed) => allowed.extensions.includes(lower))
}

/** The kind of file a MIME type is, or undefined when it may not be uploaded. */
export function kindOfType(type: string): FileKind | undefined {
  return allowedType(type)?.kind
}

export type TypeCheck =
  { ok: true; type: AllowedType } | { ok: false; reason: 'notAllowed' | 'mismatch' }

/**
 * Whether a file may be stored: its sniffed type (undefined when the bytes were not recognised)
 * must be allowed, its name's extension must be one of that type's, and a declared type (the
 * browser's, '' when it had none) must name the same type.
 */
export function checkFileType(
  sniffed: string | undefined,
  extension: string,
  declared: string,
): TypeCheck {
  const byExtension = typeOfExtension(extension)
  const byDeclared = declared.trim() === '' ? undefined : allowedType(declared)
  if (!byExtension || (declared.trim() !== '' && !byDeclared)) {
    return { ok: false, reason: 'notAllowed' }
  }
  const bySniffing = sniffed === undefined ? undefined : allowedType(sniffed)
  if (!bySniffing || bySniffing !== byExtension || (byDeclared && byDeclared !== bySniffing)) {
    return { ok: false, reason: 'mismatch' }
  }
  return { ok: true, type: bySniffing }
}

/** Longest file name kept, in characters (most file systems allow 255). */
export const FILE_NAME_MAX_LENGTH = 255

export type FileName =
  | { ok: true; name: string; extension: string }
  | { ok: false; reason: 'empty' | 'tooLong' | 'path' | 'control' | 'noExtension' }

/** Characters Windows refuses in names: replaced, so a download saves everywhere. */
const UNSAFE_CHARACTERS = /[<>:"|?*]/g
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/

/**
 * The name a file is kept and downloaded under. A file picker never gives a folder, a control
 * character or a name longer than 255 characters, so such a name comes from a broken or hostile
 * client and is refused rather than guessed at; what is merely awkward (spaces around it,
 * characters some systems refuse, a leading dot) is tidied.
 */
export function sanitiseFileName(raw: string): FileName {
  if (CONTROL_CHARACTERS.test(raw)) return { ok: false, reason: 'control' }
  const name = raw.normalize('NFC').trim().replace(/\s+/g, ' ')
  if (name === '') return { ok: false, reason: 'empty' }
  if (name.length > FILE_NAME_MAX_LENGTH) return { ok: false, reason: 'tooLong' }
  if (name.includes('/') || name.includes('\\') || name.split('.').every((part) => part === '')) {
    return { ok: false, reason: 'path' }
  }
  const tidy = name
    .replace(UNSAFE_CHARACTERS, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
  const dot = tidy.lastIndexOf('.')
  if (dot <= 0 || dot === tidy.length - 1) return { ok: false, reason: 'noExtension' }
  return { ok: true, name: tidy, extension: tidy.slice(dot + 1).toLowerCase() }
}
