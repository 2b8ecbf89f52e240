// What the galleries answer (docs/access-policy.md#photos): an editor gets each photo's hide
// state, rotation, crop and original; everyone else only the photos they may see and their
// served sizes. A size's address carries its content hash, so it can be cached for good: a
// rotated or cropped photo gets new sizes under new addresses.
import { isPhotoEditor, maySeePhoto } from '@lfit/domain/photos/access'
import type { AlbumRecord, PhotoRecord, PhotoSize } from '@lfit/domain/photos/photo'
import type { AlbumView, PhotoView } from '@lfit/domain/photos/wire'
import type { UserLike } from '@lfit/domain/access/roles'

export const PHOTOS_PATH = '/api/photos'

export function sizeUrl(photo: PhotoRecord, size: PhotoSize | 'original'): string {
  const base = `${PHOTOS_PATH}/files/${photo._id}/${size}`
  return size === 'original' ? base : `${base}?v=${photo.sizes[size].hash.slice(0, 16)}`
}

const served = (photo: PhotoRecord, size: PhotoSize) => ({
  url: sizeUrl(photo, size),
  width: photo.sizes[size].width,
  height: photo.sizes[size].height,
})

export function photoView(photo: PhotoRecord, user: UserLike): PhotoView {
  const view: PhotoView = {
    id: photo._id,
    albumId: photo.albumId,
    caption: photo.caption,
    thumb: served(photo, 'thumb'),
    screen: served(photo, 'screen'),
  }
  if (!isPhotoEditor(user)) return view
  return {
    ...view,
    original: { url: sizeUrl(photo, 'original'), name: photo.original.name },
    hide: photo.hide,
    rotation: photo.rotation,
    crop: photo.crop,
  }
}

/** The photos of an album that `user` sees, in order. */
export function visiblePhotos(photos: readonly PhotoRecord[], user: UserLike): PhotoRecord[] {
  return photos.filter((photo) => maySeePhoto(user, photo.hide))
}

export function albumView(album: AlbumRecord, photos: readonly PhotoRecord[]): AlbumView {
  const cover = photos.find((photo) => photo._id === album.coverPhotoId) ?? photos[0]
  return {
    id: album._id,
    title: album.title,
    owner: album.owner,
    cover: cover ? served(cover, 'thumb') : null,
    coverPhotoId: album.coverPhotoId,
    photoCount: photos.length,
    createdAt: album.createdAt,
  }
}
