// What the photo routes take and answer (/api/photos; docs/architecture.md#photos): one schema per
// request, read by the server and checked first by the web forms, with bilingual messages, and
// the answers the web checks before it shows them.
import { z } from 'zod'
import { TOOLKIT_MESSAGES } from '../messages/validation'
import { ALBUM_OWNER_KINDS, bilingualTextSchema, cropSchema, photoHideSchema } from './photo'

/** An album or photo id: 128 random bits, base64url. */
export const PHOTO_ID = /^[A-Za-z0-9_-]{22}$/
const id = z.string().regex(PHOTO_ID, 'izberite fotografijo ali album EN choose a photo or album')

const TITLE_MAX = 120
const title = z
  .string()
  .trim()
  .min(1, 'naslov je obvezen EN a title is required')
  .max(TITLE_MAX, TOOLKIT_MESSAGES.maxLength(TITLE_MAX))

export const albumInputSchema = z.object({
  title: z.object({ sl: title, en: title }),
  owner: z.object({
    kind: z.enum(
      ALBUM_OWNER_KINDS,
      'izberite blok, dogodek ali projekt EN choose a block, event or project',
    ),
    ref: z
      .string()
      .trim()
      .min(1, 'izberite, čigav je album EN choose what the album belongs to')
      .max(120, TOOLKIT_MESSAGES.maxLength(120)),
  }),
})
export type AlbumInput = z.infer<typeof albumInputSchema>

export const CAPTION_MAX = 500
const caption = z.string().trim().max(CAPTION_MAX, TOOLKIT_MESSAGES.maxLength(CAPTION_MAX))
export const captionSchema = z.object({ caption: z.object({ sl: caption, en: caption }) })
export const addPhotoSchema = z.object({ fileId: z.string().max(40) })
export const rotateSchema = z.object({ turn: z.enum(['left', 'right']) })
export const cropRequestSchema = z.object({ crop: cropSchema.nullable() })
export const moveSchema = z.object({ albumId: id })
/** An album holds at most this many photos, so one order call names at most so many. */
export const MAX_PHOTOS_PER_ALBUM = 2_000
export const orderSchema = z.object({ photoIds: z.array(id).max(MAX_PHOTOS_PER_ALBUM) })
export const coverSchema = z.object({ photoId: id })
export const decideSchema = z.object({ decision: z.enum(['hidden', 'shown']) })

const servedSize = z.object({ url: z.string(), width: z.number(), height: z.number() })

export const photoViewSchema = z.object({
  id: z.string(),
  albumId: z.string(),
  caption: bilingualTextSchema,
  thumb: servedSize,
  screen: servedSize,
  /** Editors only: the original as uploaded, and the hide state. */
  original: z.object({ url: z.string(), name: z.string() }).optional(),
  hide: photoHideSchema.nullable().optional(),
  rotation: z.number().optional(),
  crop: cropSchema.nullable().optional(),
})
export type PhotoView = z.infer<typeof photoViewSchema>

export const albumViewSchema = z.object({
  id: z.string(),
  title: bilingualTextSchema,
  owner: z.object({ kind: z.enum(ALBUM_OWNER_KINDS), ref: z.string() }),
  cover: servedSize.nullable(),
  coverPhotoId: z.string().nullable(),
  photoCount: z.number(),
  createdAt: z.number(),
})
export type AlbumView = z.infer<typeof albumViewSchema>

export const albumsAnswerSchema = z.object({ albums: z.array(albumViewSchema) })
export const albumAnswerSchema = z.object({
  album: albumViewSchema,
  photos: z.array(photoViewSchema),
})
export type AlbumAnswer = z.infer<typeof albumAnswerSchema>
export const photoAnswerSchema = z.object({ photo: photoViewSchema })
export const hideRequestsAnswerSchema = z.object({
  requests: z.array(photoViewSchema.extend({ albumTitle: bilingualTextSchema })),
})
export type HideRequestView = z.infer<typeof hideRequestsAnswerSchema>['requests'][number]
