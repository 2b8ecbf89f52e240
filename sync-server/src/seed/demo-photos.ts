// Demo photo albums (docs/0051-living-demo.md): one album for each of the last three blocks that
// took place, three drawn photos each, stored as an adopted upload is (the original by hash, the
// served sizes made by the same deriveSizes as an editor's upload), with captions in both
// languages. Originals are small (800×520), so the first start stays quick.
import { Readable } from 'node:stream'
import type { AlbumRecord, PhotoRecord } from '@lfit/domain/photos/photo'
import type { Schedule } from '@lfit/domain/schedule'
import type { FileStore } from '../files/port'
import { PhotoBook } from '../photos/book'
import { deriveSizes, storeSizes } from '../photos/sizes'
import type { Store } from '../store/port'
import { demoPicture } from './demo-files'

const PHOTOS_PER_ALBUM = 3
const ALBUMS = 3
const CAPTIONS = [
  { sl: 'Ogrevanje v krogu', en: 'Warming up in a circle' },
  { sl: 'Vaja v parih', en: 'An exercise in pairs' },
  { sl: 'Skupinska fotografija', en: 'The group photo' },
] as const

/** Album and photo ids of the demo: fixed, so a second seed of one database writes the same. */
const albumId = (n: number) => `demo-album-${n}`.padEnd(22, '0')
const photoId = (album: number, n: number) => `demo-photo-${album}-${n}`.padEnd(22, '0')

export async function seedDemoPhotos(
  store: Store,
  files: FileStore,
  calendar: Schedule,
  { today, now, by }: { today: string; now: number; by: string },
): Promise<number> {
  const book = new PhotoBook(async () => store)
  const past = calendar.blocks.filter((block) => !block.extraMaterial && block.to < today)
  let count = 0
  for (const [n, block] of past.slice(-ALBUMS).reverse().entries()) {
    const album: AlbumRecord = {
      _id: albumId(n),
      title: {
        sl: `${block.headerName}, ${block.year}. letnik`,
        en: `${block.headerName}, year ${block.year}`,
      },
      owner: { kind: 'block', ref: block.block_id },
      coverPhotoId: null,
      order: 0,
      createdAt: block.endsAt,
      createdBy: by,
    }
    await book.saveAlbum(album)
    for (let p = 0; p < PHOTOS_PER_ALBUM; p++) {
      const original = await demoPicture(
        n * PHOTOS_PER_ALBUM + p,
        (block.segment * 47 + p * 90) % 360,
        { width: 800, height: 520 },
        'jpeg',
      )
      const { hash } = await files.put(Readable.from([original]))
      const sizes = await storeSizes(files, await deriveSizes(original, 0, null))
      const photo: PhotoRecord = {
        _id: photoId(n, p),
        albumId: album._id,
        order: p,
        caption: CAPTIONS[p % CAPTIONS.length] ?? { sl: '', en: '' },
        rotation: 0,
        crop: null,
        original: { hash, name: `foto-${p + 1}.jpg`, type: 'image/jpeg', bytes: original.length },
        sizes,
        hide: null,
        uploadedBy: by,
        uploadedAt: Math.min(now, block.endsAt + (p + 1) * 60_000),
      }
      await book.savePhoto(photo)
      count++
    }
  }
  return count
}
