// Making the served sizes of a photo from its original (docs/architecture.md#photos): the camera's
// EXIF orientation applied, then the editor's quarter turns and crop, then each size scaled to
// its long edge. sharp writes no metadata unless asked, so no served size carries the location,
// the camera or any other EXIF of the original; only the original (kept for the editors) does.
import { Readable } from 'node:stream'
import sharp, { type Sharp } from 'sharp'
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
 * turned photo). One decode: the screen size is made straight from the original (so a JPEG is
 * decoded already shrunk where it can be), the thumbnail from the screen size's pixels.
 */
export async function deriveSizes(
  original: Buffer,
  rotation: Rotation,
  crop: Crop | null,
): Promise<Record<PhotoSize, DerivedSize>> {
  try {
    const input = () => sharp(original, { limitInputPixels: PIXEL_LIMIT, failOn: 'error' })
    const meta = await input().metadata()
    if (!meta.width || !meta.height) throw new Error('an image without a size')
    // EXIF orientations 5 to 8 are stored sideways; an odd number of quarter turns swaps again.
    const swapped = (meta.orientation ?? 1) >= 5 !== (rotation % 2 === 1)
    const width = swapped ? meta.height : meta.width
    const height = swapped ? meta.width : meta.height
    let pipeline = input()
      .autoOrient()
      .rotate(rotation * 90)
    if (crop) pipeline = pipeline.extract(cropInPixels(crop, width, height))
    const screen = await pipeline
      .resize(inside(PHOTO_SIZES.screen))
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true })
    const pixels = () =>
      sharp(screen.data, {
        raw: {
          width: screen.info.width,
          height: screen.info.height,
          channels: screen.info.channels,
        },
      })
    const [thumb, large] = await Promise.all([
      encode(pixels().resize(inside(PHOTO_SIZES.thumb))),
      encode(pixels()),
    ])
    return { thumb, screen: large }
  } catch (error) {
    throw new UnreadableImage(error)
  }
}

const inside = (edge: number) =>
  ({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true }) as const

async function encode(pipeline: Sharp): Promise<DerivedSize> {
  const made = await pipeline
    .jpeg({ quality: QUALITY, progressive: true })
    .toBuffer({ resolveWithObject: true })
  return { bytes: made.data, width: made.info.width, height: made.info.height }
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

/**
 * Puts back any of `sizes` whose bytes were removed between their put and the save of the photo
 * naming them: a removal of the same bytes elsewhere (a /dir file's, another photo's) asks who
 * names them, and until the save no photo did (docs/0032-image-work-is-queued-and-shared-bytes-are-kept.md).
 */
export async function putBackRemoved(
  files: FileStore,
  derived: Record<PhotoSize, DerivedSize>,
  sizes: Record<PhotoSize, Rendition>,
): Promise<void> {
  for (const size of SERVED_SIZES) {
    if (!(await files.stat(sizes[size].hash))) {
      await files.put(Readable.from([derived[size].bytes]))
    }
  }
}

/** The bytes of a stored file, whole (originals are at most the image upload limit). */
export async function readAll(files: FileStore, hash: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of await files.read(hash)) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
