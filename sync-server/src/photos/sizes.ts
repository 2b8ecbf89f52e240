// Making the served sizes of a photo from its original (docs/architecture.md#photos): the camera's
// EXIF orientation applied, then the editor's quarter turns and crop, then each size scaled to
// its long edge. sharp writes no metadata unless asked, so no served size carries the location,
// the camera or any other EXIF of the original; only the original (kept for the editors) does.
import { Readable } from 'node:stream'
import sharp, { type OutputInfo } from 'sharp'
import { cropInPixels } from '@lfit/domain/photos/crop'
import {
  PHOTO_SIZES,
  SERVED_SIZES,
  type Crop,
  type PhotoSize,
  type Rendition,
  type Rotation,
} from '@lfit/domain/photos/photo'
import type { FileStore } from '../files/port'

/** Larger images are refused before decoding (sharp's default limit: about 268 megapixels). */
const PIXEL_LIMIT = 100_000_000
/** JPEG quality of the served sizes: photos look right at it and a thumbnail stays ~30 kB. */
const QUALITY = 78

/** The original could not be read as an image (not one, or damaged). */
export class UnreadableImage extends Error {
  constructor(cause: unknown) {
    super('the file cannot be read as an image', { cause })
    this.name = 'UnreadableImage'
  }
}

export interface DerivedSize {
  bytes: Buffer
  width: number
  height: number
}

/**
 * The served sizes of `original` with `rotation` quarter turns and `crop` (fractions of the
 * turned photo). Two passes: the first only orients and turns (so the crop is measured on what
 * the editor saw), the second crops and scales each size.
 */
export async function deriveSizes(
  original: Buffer,
  rotation: Rotation,
  crop: Crop | null,
): Promise<Record<PhotoSize, DerivedSize>> {
  let turned: { data: Buffer; info: OutputInfo }
  try {
    turned = await sharp(original, { limitInputPixels: PIXEL_LIMIT, failOn: 'error' })
      .autoOrient()
      .rotate(rotation * 90)
      .raw()
      .toBuffer({ resolveWithObject: true })
  } catch (error) {
    throw new UnreadableImage(error)
  }
  const { width, height, channels } = turned.info
  const area = crop ? cropInPixels(crop, width, height) : null
  const sizes = await Promise.all(
    SERVED_SIZES.map(async (size) => {
      let pipeline = sharp(turned.data, { raw: { width, height, channels } })
      if (area) pipeline = pipeline.extract(area)
      const edge = PHOTO_SIZES[size]
      const made = await pipeline
        .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: QUALITY, progressive: true })
        .toBuffer({ resolveWithObject: true })
      return [size, { bytes: made.data, width: made.info.width, height: made.info.height }] as const
    }),
  )
  return Object.fromEntries(sizes) as Record<PhotoSize, DerivedSize>
}

/** Stores each size by its content hash; answers what the photo record keeps of them. */
export async function storeSizes(
  files: FileStore,
  sizes: Record<PhotoSize, DerivedSize>,
): Promise<Record<PhotoSize, Rendition>> {
  const stored = await Promise.all(
    SERVED_SIZES.map(async (size) => {
      const made = sizes[size]
      const { hash } = await files.put(Readable.from([made.bytes]))
      return [
        size,
        { hash, width: made.width, height: made.height, bytes: made.bytes.length },
      ] as const
    }),
  )
  return Object.fromEntries(stored) as Record<PhotoSize, Rendition>
}

/** The bytes of a stored file, whole (originals are at most the image upload limit). */
export async function readAll(files: FileStore, hash: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of await files.read(hash)) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
