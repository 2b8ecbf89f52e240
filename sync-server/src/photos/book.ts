// The galleries' own metadata in the store (docs/architecture.md#photos): `photoAlbums` and
// `photos`. Neither is in the sync registry nor the data API's policy, so a device learns them
// only through /api/photos, which leaves out what the caller may not see.
import { randomBytes } from 'node:crypto'
import type { AlbumRecord, PhotoRecord } from '@lfit/domain/photos/photo'
import { PHOTO_ID } from '@lfit/domain/photos/wire'
import type { Store } from '../store/port'

export const PHOTO_ALBUMS = 'photoAlbums'
export const PHOTOS = 'photos'

export function newPhotoId(): string {
  return randomBytes(16).toString('base64url')
}

export class PhotoBook {
  private indexed: Promise<void> | undefined

  constructor(private readonly stores: () => Promise<Store>) {}

  private async collections() {
    const store = await this.stores()
    const albums = store.collection(PHOTO_ALBUMS)
    const photos = store.collection(PHOTOS)
    this.indexed ??= Promise.all([
      photos.ensureIndex({ key: { albumId: 1, order: 1 } }),
      photos.ensureIndex({ key: { 'original.hash': 1 } }),
    ]).then(() => undefined)
    await this.indexed
    return { albums, photos }
  }

  async albums(): Promise<AlbumRecord[]> {
    const { albums } = await this.collections()
    const found = await albums.find({}, { sort: { order: 1, createdAt: -1 }, limit: 1_000 })
    return found as unknown as AlbumRecord[]
  }

  async album(id: string): Promise<AlbumRecord | null> {
    if (!PHOTO_ID.test(id)) return null
    const { albums } = await this.collections()
    return (await albums.findById(id)) as AlbumRecord | null
  }

  async saveAlbum(album: AlbumRecord): Promise<void> {
    const { albums } = await this.collections()
    await albums.save({ ...album })
  }

  async removeAlbum(id: string): Promise<void> {
    const { albums } = await this.collections()
    await albums.deleteOne({ _id: id })
  }

  async photosOf(albumId: string): Promise<PhotoRecord[]> {
    const { photos } = await this.collections()
    const found = await photos.find(
      { albumId },
      { sort: { order: 1, uploadedAt: 1 }, limit: 5_000 },
    )
    return found as unknown as PhotoRecord[]
  }

  /** Photos with a hide request or a hide decision, newest request first. */
  async withHideState(): Promise<PhotoRecord[]> {
    const { photos } = await this.collections()
    const found = await photos.find(
      { hide: { $ne: null } },
      { sort: { 'hide.requestedAt': -1 }, limit: 1_000 },
    )
    return found as unknown as PhotoRecord[]
  }

  async photo(id: string): Promise<PhotoRecord | null> {
    if (!PHOTO_ID.test(id)) return null
    const { photos } = await this.collections()
    return (await photos.findById(id)) as PhotoRecord | null
  }

  async savePhoto(photo: PhotoRecord): Promise<void> {
    const { photos } = await this.collections()
    await photos.save({ ...photo })
  }

  async removePhoto(id: string): Promise<void> {
    const { photos } = await this.collections()
    await photos.deleteOne({ _id: id })
  }

  async countIn(albumId: string): Promise<number> {
    const { photos } = await this.collections()
    return photos.count({ albumId })
  }

  /** The next order number at the end of an album. */
  async nextOrder(albumId: string): Promise<number> {
    const { photos } = await this.collections()
    const last = await photos.findOne({ albumId }, { sort: { order: -1 } })
    return typeof last?.order === 'number' ? last.order + 1 : 0
  }
}
