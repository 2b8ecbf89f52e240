// Photo galleries (docs/architecture.md#photos): the time to make a photo's served sizes
// (thumbnail and screen size, EXIF orientation applied, metadata stripped) from a 12-megapixel
// camera JPEG, median over 20 photos, beside a floor measured in the same run on the same bytes
// (sharp decoding the JPEG alone); and the bytes of a gallery's first screen on a 390 px phone
// (the thumbnails in view plus the album's answer). Prints; asserts nothing.
// Run: node --import tsx bench/photos.ts
import { loadavg } from 'node:os'
import sharp from 'sharp'
import { PHOTO_SIZES, type PhotoRecord } from '@lfit/domain/photos/photo'
import { pack } from '../sync-server/src/http/msgpack'
import { deriveSizes, type DerivedSize } from '../sync-server/src/photos/sizes'
import { albumView, photoView } from '../sync-server/src/photos/views'

const PHOTOS = 20
const WIDTH = 4000
const HEIGHT = 3000
/** A 390×844 phone: three columns of ~128 px square cells below ~150 px of header and title. */
const PHONE = { width: 390, height: 844, columns: 3, gridTop: 150, gap: 4 }

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

/**
 * A camera-like JPEG: smooth colour areas with fine grain (a photo's texture, which compresses
 * like one; pure noise would not), quality 90, sideways with EXIF orientation 6, camera and GPS.
 */
async function cameraJpeg(seed: number): Promise<Buffer> {
  const coarse = await sharp({
    create: {
      width: 40,
      height: 30,
      channels: 3,
      background: { r: (seed * 47) % 256, g: (seed * 97) % 256, b: (seed * 29) % 256 },
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer()
  const grain = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 0, sigma: 6 },
    },
  })
    .png()
    .toBuffer()
  return sharp(coarse)
    .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
    .composite([{ input: grain, blend: 'add' }])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Camera', Model: 'Model 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 3/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

async function main() {
  console.log(`making ${PHOTOS} camera JPEGs of ${WIDTH}×${HEIGHT}…`)
  const originals: Buffer[] = []
  for (let i = 0; i < PHOTOS; i++) originals.push(await cameraJpeg(i))
  const averageMb = originals.reduce((sum, b) => sum + b.length, 0) / PHOTOS / 1e6
  console.log(`  average original ${averageMb.toFixed(2)} MB`)

  const decodeMs: number[] = []
  const deriveMs: number[] = []
  const derived: Record<'thumb' | 'screen', DerivedSize>[] = []
  for (const original of originals) {
    let started = performance.now()
    await sharp(original).raw().toBuffer()
    decodeMs.push(performance.now() - started)
    started = performance.now()
    derived.push(await deriveSizes(original, 0, null))
    deriveMs.push(performance.now() - started)
  }
  console.log(
    `  floor: sharp decoding alone          ${median(decodeMs).toFixed(0).padStart(5)} ms per photo (median, load ${load()})`,
  )
  console.log(
    `  served sizes (${PHOTO_SIZES.thumb} + ${PHOTO_SIZES.screen} px)       ${median(deriveMs).toFixed(0).padStart(5)} ms per photo (median, load ${load()})`,
  )

  // The first screen: the rows of cells that are (even partly) in view.
  const cell = (PHONE.width - 2 * 12 - (PHONE.columns - 1) * PHONE.gap) / PHONE.columns
  const rows = Math.ceil((PHONE.height - PHONE.gridTop) / (cell + PHONE.gap))
  const inView = Math.min(PHOTOS, rows * PHONE.columns)
  const thumbBytes = derived
    .slice(0, inView)
    .reduce((sum, sizes) => sum + sizes.thumb.bytes.length, 0)
  const records: PhotoRecord[] = derived.map((sizes, i) => ({
    _id: `photo${String(i).padStart(17, '0')}`,
    albumId: 'album000000000000000000',
    order: i,
    caption: { sl: 'Dihalne vaje v studiu', en: 'Breathing exercises in the studio' },
    rotation: 0,
    crop: null,
    original: { hash: 'f'.repeat(64), name: `IMG_${i}.jpg`, type: 'image/jpeg', bytes: 5_000_000 },
    sizes: {
      thumb: {
        hash: 'a'.repeat(64),
        width: sizes.thumb.width,
        height: sizes.thumb.height,
        bytes: sizes.thumb.bytes.length,
      },
      screen: {
        hash: 'b'.repeat(64),
        width: sizes.screen.width,
        height: sizes.screen.height,
        bytes: sizes.screen.bytes.length,
      },
    },
    hide: null,
    uploadedBy: 'photoeditor',
    uploadedAt: 0,
  }))
  const participant = { roles: ['participant'] }
  const album = {
    _id: 'album000000000000000000',
    title: { sl: 'Poletni blok', en: 'Summer block' },
    owner: { kind: 'project' as const, ref: 'LFIT2025' },
    coverPhotoId: null,
    order: 0,
    createdAt: 0,
    createdBy: 'photoeditor',
  }
  const answer = pack({
    album: albumView(album, records),
    photos: records.map((record) => photoView(record, participant)),
  })
  const thumbMedian = median(derived.map((sizes) => sizes.thumb.bytes.length))
  console.log(
    `  first screen on a ${PHONE.width} px phone: ${inView} thumbnails ${(thumbBytes / 1e3).toFixed(1)} kB` +
      ` (median ${(thumbMedian / 1e3).toFixed(1)} kB each) + album answer ${(answer.length / 1e3).toFixed(1)} kB` +
      ` = ${((thumbBytes + answer.length) / 1e3).toFixed(1)} kB (uncompressed; ${PHOTOS} photos in the album)`,
  )
}

await main()
