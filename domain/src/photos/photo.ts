// An album and its photos as the server keeps and answers them (docs/architecture.md#photos).
// The bytes are in the file store by content hash: the original as uploaded (kept for download
// and for every re-derivation) and the served sizes made from it with the editor's rotation and
// crop applied and all metadata stripped.
import { z } from 'zod'

/** What an album belongs to: a training block, an event, or a project. */
export const ALBUM_OWNER_KINDS = ['block', 'event', 'project'] as const
export type AlbumOwnerKind = (typeof ALBUM_OWNER_KINDS)[number]

/** The served sizes: a grid thumbnail and a screen size; the long edge in pixels. */
export const PHOTO_SIZES = { thumb: 400, screen: 1600 } as const
export type PhotoSize = keyof typeof PHOTO_SIZES
export const SERVED_SIZES = Object.keys(PHOTO_SIZES) as PhotoSize[]

/** Quarter turns clockwise applied on top of the camera's own orientation (0 to 3). */
export type Rotation = 0 | 1 | 2 | 3

/** A crop as fractions (0 to 1) of the rotated photo: left, top, width, height. */
export const cropSchema = z.object({
  x: z.number().finite().min(0).max(1),
  y: z.number().finite().min(0).max(1),
  width: z.number().finite().gt(0).max(1),
  height: z.number().finite().gt(0).max(1),
})
export type Crop = z.infer<typeof cropSchema>

export const bilingualTextSchema = z.object({
  sl: z.string().max(500),
  en: z.string().max(500),
})
export type BilingualText = z.infer<typeof bilingualTextSchema>

/** A stored rendition: its content hash and pixel size. */
export const renditionSchema = z.object({
  hash: z.string(),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
})
export type Rendition = z.infer<typeof renditionSchema>

/** A request to hide a photo and, once an editor decided, the decision. */
export const photoHideSchema = z.object({
  requestedBy: z.string(),
  requestedAt: z.number(),
  decision: z.enum(['hidden', 'shown']).optional(),
  decidedBy: z.string().optional(),
  decidedAt: z.number().optional(),
})
export type PhotoHide = z.infer<typeof photoHideSchema>

export interface AlbumRecord {
  _id: string
  title: BilingualText
  owner: { kind: AlbumOwnerKind; ref: string }
  /** The photo shown for the album; null: the first one. */
  coverPhotoId: string | null
  /** Albums list by this, then by createdAt, newest first. */
  order: number
  createdAt: number
  createdBy: string
}

export interface PhotoRecord {
  _id: string
  albumId: string
  /** Position in its album, ascending. */
  order: number
  caption: BilingualText
  rotation: Rotation
  crop: Crop | null
  original: { hash: string; name: string; type: string; bytes: number }
  sizes: Record<PhotoSize, Rendition>
  hide: PhotoHide | null
  uploadedBy: string
  uploadedAt: number
}
