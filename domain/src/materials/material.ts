// A learning material and a library item: the records the material screens show and editors keep
// (docs/product-rules.md#materials). Both are synced collections: an editor's edit waits in the
// device's outbox like a mark, and a reader's device pulls only what the access policy lets them
// read (docs/access-policy.md#materials). Files are stored once by content and referred to here by
// their file id (docs/architecture.md#files).
import { z } from 'zod'
import { PROJECTS } from '../users/user'
import { syncedRecordSchema, type SyncedRecord } from '../records/synced'

export const MATERIAL_KINDS = ['document', 'audio', 'video', 'link'] as const
export type MaterialKind = (typeof MATERIAL_KINDS)[number]

/**
 * Who a material is for. `participants`: the participants of its years (and everyone who sees all
 * material); `restricted`: only readers whose showOnlyEducators names one of its educators (and
 * everyone who sees all material); `staff`: editors and educators only (a draft, say).
 */
export const MATERIAL_VISIBILITIES = ['participants', 'restricted', 'staff'] as const
export type MaterialVisibility = (typeof MATERIAL_VISIBILITIES)[number]

/** The kinds of stored file, each with its own size limit (sync-server settings). */
export const FILE_KINDS = ['document', 'audio', 'video', 'image'] as const
export type FileKind = (typeof FILE_KINDS)[number]

/** A stored file as a material or library item refers to it. */
export const fileRefSchema = z.object({
  /** The id of the upload (`files` metadata on the server), never a path. */
  fileId: z.string().min(1).max(64),
  /** The original name, sanitised by the server; shown and used for downloads. */
  name: z.string().min(1).max(255),
  size: z.number().int().min(0),
  /** The MIME type sniffed from the bytes. */
  type: z.string().min(1).max(120),
})
export type FileRef = z.infer<typeof fileRefSchema>

/** The languages a recording has subtitles in (the app's two languages). */
export const SUBTITLE_LANGUAGES = ['sl', 'en'] as const
export type SubtitleLanguage = (typeof SUBTITLE_LANGUAGES)[number]

/** A recording's WebVTT file for one language (docs/product-rules.md#recordings). */
export const subtitleRefSchema = fileRefSchema.extend({ lang: z.enum(SUBTITLE_LANGUAGES) })
export type SubtitleRef = z.infer<typeof subtitleRefSchema>

export const CHAPTER_TITLE_MAX_LENGTH = 200
/** The longest recording: a whole study day. */
export const RECORDING_MAX_SECONDS = 24 * 3600

/** A chapter of a recording: where it starts (seconds) and its title in both languages. */
export const chapterSchema = z.object({
  at: z.number().min(0).max(RECORDING_MAX_SECONDS),
  titleSl: z.string().max(CHAPTER_TITLE_MAX_LENGTH),
  titleEn: z.string().max(CHAPTER_TITLE_MAX_LENGTH),
})
export type Chapter = z.infer<typeof chapterSchema>

export const TITLE_MAX_LENGTH = 300
export const DESCRIPTION_MAX_LENGTH = 20_000

export interface MaterialRecord extends SyncedRecord {
  titleSl: string
  titleEn: string
  /** Sanitised rich text (HTML) in each language. */
  descriptionSl: string
  descriptionEn: string
  kind: MaterialKind
  files: FileRef[]
  /** For kind `link`: the address (http or https). */
  url: string
  /** Programme years 1 to 5 it belongs to. */
  years: number[]
  /** Segments (1–12, make-up 21, extra material 99); empty: the whole year. */
  segments: number[]
  /** A study day `YYYY-MM-DD`, or '' when it belongs to no one day. */
  day: string
  /** The educators it comes from (names as in a user's showOnlyEducators). */
  educators: string[]
  projects: string[]
  visibility: MaterialVisibility
  /**
   * A recording (kind `video` or `audio`): its length in seconds (0 when unknown), its subtitles
   * (at most one per language) and chapters. Material of other kinds leaves them empty; records
   * kept before recordings had them read as empty.
   */
  durationSec: number
  subtitles: SubtitleRef[]
  chapters: Chapter[]
  /** Epoch ms of the edit that created it; lists sort newest first. */
  createdAt: number
  deleted: boolean
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const name = z.string().trim().min(1).max(200)

export const materialFieldsSchema = z
  .object({
    titleSl: z.string().max(TITLE_MAX_LENGTH),
    titleEn: z.string().max(TITLE_MAX_LENGTH),
    descriptionSl: z.string().max(DESCRIPTION_MAX_LENGTH),
    descriptionEn: z.string().max(DESCRIPTION_MAX_LENGTH),
    kind: z.enum(MATERIAL_KINDS),
    files: z.array(fileRefSchema).max(50),
    url: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(2000)]),
    years: z.array(z.number().int().min(1).max(5)).max(5),
    segments: z.array(z.number().int().min(1).max(99)).max(20),
    day: z.union([z.literal(''), z.string().regex(DAY)]),
    educators: z.array(name).max(50),
    projects: z.array(z.enum(PROJECTS)).max(PROJECTS.length),
    visibility: z.enum(MATERIAL_VISIBILITIES),
    durationSec: z.number().int().min(0).max(RECORDING_MAX_SECONDS),
    subtitles: z
      .array(subtitleRefSchema)
      .max(SUBTITLE_LANGUAGES.length)
      .refine(
        (refs) => new Set(refs.map((ref) => ref.lang)).size === refs.length,
        'one subtitle file per language',
      ),
    chapters: z.array(chapterSchema).max(200),
    createdAt: z.number().int().min(0),
    deleted: z.boolean(),
  })
  .partial()
  .strict()
  .refine((fields) => Object.keys(fields).length > 0, 'an edit changes at least one field')

export type MaterialFields = z.infer<typeof materialFieldsSchema>

export const materialRecordSchema: z.ZodType<MaterialRecord> = syncedRecordSchema.extend({
  titleSl: z.string(),
  titleEn: z.string(),
  descriptionSl: z.string(),
  descriptionEn: z.string(),
  kind: z.enum(MATERIAL_KINDS),
  files: z.array(fileRefSchema),
  url: z.string(),
  years: z.array(z.number()),
  segments: z.array(z.number()),
  day: z.string(),
  educators: z.array(z.string()),
  projects: z.array(z.string()),
  visibility: z.enum(MATERIAL_VISIBILITIES),
  // Defaults: material kept before recordings had these fields.
  durationSec: z.number().default(0),
  subtitles: z.array(subtitleRefSchema).default([]),
  chapters: z.array(chapterSchema).default([]),
  createdAt: z.number(),
  deleted: z.boolean(),
})

export function emptyMaterial(id: string): MaterialRecord {
  return {
    _id: id,
    titleSl: '',
    titleEn: '',
    descriptionSl: '',
    descriptionEn: '',
    kind: 'document',
    files: [],
    url: '',
    years: [],
    segments: [],
    day: '',
    educators: [],
    projects: [],
    visibility: 'staff',
    durationSec: 0,
    subtitles: [],
    chapters: [],
    createdAt: 0,
    deleted: false,
    stamps: {},
  }
}

export const LIBRARY_ITEM_KINDS = ['book', 'article', 'recording', 'other'] as const
export type LibraryItemKind = (typeof LIBRARY_ITEM_KINDS)[number]

export interface LibraryItemRecord extends SyncedRecord {
  kind: LibraryItemKind
  author: string
  title: string
  /** Year of publication, or 0 when unknown. */
  year: number
  /** Language code or name as catalogued (e.g. `sl`, `en`, `de`). */
  language: string
  tags: string[]
  files: FileRef[]
  /** Where a physical copy is (shelf, room), or ''. */
  location: string
  /** Sanitised rich text. */
  notes: string
  createdAt: number
  deleted: boolean
}

export const libraryItemFieldsSchema = z
  .object({
    kind: z.enum(LIBRARY_ITEM_KINDS),
    author: z.string().max(TITLE_MAX_LENGTH),
    title: z.string().max(TITLE_MAX_LENGTH),
    year: z.number().int().min(0).max(3000),
    language: z.string().max(40),
    tags: z.array(z.string().trim().min(1).max(60)).max(30),
    files: z.array(fileRefSchema).max(50),
    location: z.string().max(200),
    notes: z.string().max(DESCRIPTION_MAX_LENGTH),
    createdAt: z.number().int().min(0),
    deleted: z.boolean(),
  })
  .partial()
  .strict()
  .refine((fields) => Object.keys(fields).length > 0, 'an edit changes at least one field')

export type LibraryItemFields = z.infer<typeof libraryItemFieldsSchema>

export const libraryItemRecordSchema: z.ZodType<LibraryItemRecord> = syncedRecordSchema.extend({
  kind: z.enum(LIBRARY_ITEM_KINDS),
  author: z.string(),
  title: z.string(),
  year: z.number(),
  language: z.string(),
  tags: z.array(z.string()),
  files: z.array(fileRefSchema),
  location: z.string(),
  notes: z.string(),
  createdAt: z.number(),
  deleted: z.boolean(),
})

export function emptyLibraryItem(id: string): LibraryItemRecord {
  return {
    _id: id,
    kind: 'book',
    author: '',
    title: '',
    year: 0,
    language: '',
    tags: [],
    files: [],
    location: '',
    notes: '',
    createdAt: 0,
    deleted: false,
    stamps: {},
  }
}
