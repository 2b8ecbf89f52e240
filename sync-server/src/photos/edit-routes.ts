// The photo editors' changes (docs/access-policy.md#photos): albums made, renamed and deleted
// (only when empty); an uploaded image adopted into an album, which makes its served sizes;
// rotate and crop, which make new sizes from the kept original; captions, order, cover, move,
// delete; and the decision on a hide request. Everyone else is refused each of them.
import { Hono, type Context } from 'hono'
import { hasAnyRole } from '@lfit/domain/access/roles'
import { PHOTO_EDITOR_ROLES } from '@lfit/domain/photos/access'
import { isWholePhoto, turned } from '@lfit/domain/photos/crop'
import type { AlbumRecord, PhotoRecord, Rendition } from '@lfit/domain/photos/photo'
import {
  addPhotoSchema,
  albumInputSchema,
  captionSchema,
  coverSchema,
  cropRequestSchema,
  decideSchema,
  moveSchema,
  orderSchema,
  rotateSchema,
} from '@lfit/domain/photos/wire'
import { parseBody } from '../http/body'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { answer } from '../http/msgpack'
import { releaseContent } from '../files/content-users'
import { FileRecords, type StoredFileMeta } from '../files/metadata'
import type { PhotoBook } from './book'
import { newPhotoId } from './book'
import type { PhotoRouteDeps } from './routes'
import type { PhotoWork } from './photo-work'
import { deriveSizes, putBackRemoved, readAll, storeSizes, UnreadableImage } from './sizes'
import { albumView, photoView } from './views'

function requireEditor(c: Context<AppEnv>) {
  const session = c.get('session')
  if (!session) throw new ApiError('notLoggedIn')
  if (!hasAnyRole({ roles: session.roles }, PHOTO_EDITOR_ROLES)) throw new ApiError('forbidden')
  return { username: session.user.username, user: { roles: session.roles } }
}

export function createPhotoEditRoutes(
  deps: PhotoRouteDeps & { book: PhotoBook; work: PhotoWork },
): Hono<AppEnv> {
  const { book, files, work } = deps
  const uploads = new FileRecords(deps.stores)
  const app = new Hono<AppEnv>()

  async function albumOr404(id: string): Promise<AlbumRecord> {
    const album = await book.album(id)
    if (!album) throw new ApiError('albumNotFound')
    return album
  }

  async function photoOr404(id: string): Promise<PhotoRecord> {
    const photo = await book.photo(id)
    if (!photo) throw new ApiError('photoNotFound')
    return photo
  }

  /** Removes stored bytes nothing names any more (no photo, no file record). */
  const release = async (hashes: readonly string[]) =>
    releaseContent(await deps.stores(), files, hashes)

  const hashesOf = (sizes: Record<string, Rendition>) => Object.values(sizes).map((s) => s.hash)

  /** New served sizes from the original with this rotation and crop; the old ones go. */
  async function rederive(
    photo: PhotoRecord,
    rotation: PhotoRecord['rotation'],
    crop: PhotoRecord['crop'],
  ) {
    const original = await readAll(files, photo.original.hash)
    const derived = await deriveSizes(original, rotation, crop)
    const sizes = await storeSizes(files, derived)
    const updated: PhotoRecord = { ...photo, rotation, crop, sizes }
    await book.savePhoto(updated)
    await putBackRemoved(files, derived, sizes)
    await release(hashesOf(photo.sizes))
    return updated
  }

  app.post('/albums', async (c) => {
    const { username } = requireEditor(c)
    const input = parseBody(albumInputSchema, c.get('body'))
    const album: AlbumRecord = {
      _id: newPhotoId(),
      ...input,
      coverPhotoId: null,
      order: 0,
      createdAt: deps.clock(),
      createdBy: username,
    }
    await book.saveAlbum(album)
    return answer(c, { album: albumView(album, []) })
  })

  app.post('/albums/:id', async (c) => {
    requireEditor(c)
    const input = parseBody(albumInputSchema, c.get('body'))
    const album = { ...(await albumOr404(c.req.param('id'))), ...input }
    await book.saveAlbum(album)
    return answer(c, { album: albumView(album, await book.photosOf(album._id)) })
  })

  app.delete('/albums/:id', async (c) => {
    requireEditor(c)
    const album = await albumOr404(c.req.param('id'))
    if ((await book.countIn(album._id)) > 0) throw new ApiError('albumNotEmpty')
    await book.removeAlbum(album._id)
    return answer(c, { deleted: album._id })
  })

  // Adopts a finished upload of the caller's own (an image) into the album: its file record goes
  // (photos are not in /api/files nor /dir), its bytes stay as the photo's original.
  app.post('/albums/:id/photos', async (c) => {
    const { username, user } = requireEditor(c)
    const { fileId } = parseBody(addPhotoSchema, c.get('body'))
    const album = await albumOr404(c.req.param('id'))
    // One upload is adopted once: a second call for it waits, then finds it gone.
    const photo = await work.image(c, `upload:${fileId}`, async () => {
      const upload = await uploads.byId(fileId)
      if (!upload || upload.uploadedBy !== username || upload.kind !== 'image') {
        throw new ApiError('fileNotFound')
      }
      let derived: Awaited<ReturnType<typeof deriveSizes>>
      try {
        derived = await deriveSizes(await readAll(files, upload.hash), 0, null)
      } catch (error) {
        if (!(error instanceof UnreadableImage)) throw error
        await uploads.remove(upload._id)
        await release([upload.hash])
        throw new ApiError('photoUnreadable', { name: upload.name })
      }
      const sizes = await storeSizes(files, derived)
      const photo = await adopted(upload, album, sizes, username)
      await putBackRemoved(files, derived, sizes)
      return photo
    })
    return answer(c, { photo: photoView(photo, user) })
  })

  /** The photo record of an adopted upload, saved; the upload's record goes. */
  async function adopted(
    upload: StoredFileMeta,
    album: AlbumRecord,
    sizes: PhotoRecord['sizes'],
    username: string,
  ): Promise<PhotoRecord> {
    const photo: PhotoRecord = {
      _id: newPhotoId(),
      albumId: album._id,
      order: await book.nextOrder(album._id),
      caption: { sl: '', en: '' },
      rotation: 0,
      crop: null,
      original: { hash: upload.hash, name: upload.name, type: upload.type, bytes: upload.size },
      sizes,
      hide: null,
      uploadedBy: username,
      uploadedAt: deps.clock(),
    }
    await book.savePhoto(photo)
    await uploads.remove(upload._id)
    return photo
  }

  app.post('/albums/:id/order', async (c) => {
    requireEditor(c)
    const { photoIds } = parseBody(orderSchema, c.get('body'))
    const album = await albumOr404(c.req.param('id'))
    const photos = await book.photosOf(album._id)
    const position = new Map(photoIds.map((id, index) => [id, index]))
    // Photos the request does not name (added meanwhile) keep their order after the named ones.
    const ordered = [...photos].sort(
      (a, b) =>
        (position.get(a._id) ?? photoIds.length + a.order) -
        (position.get(b._id) ?? photoIds.length + b.order),
    )
    await Promise.all(
      ordered.map((photo, order) =>
        photo.order === order ? null : book.savePhoto({ ...photo, order }),
      ),
    )
    return answer(c, { order: ordered.map((photo) => photo._id) })
  })

  app.post('/albums/:id/cover', async (c) => {
    requireEditor(c)
    const { photoId } = parseBody(coverSchema, c.get('body'))
    const album = await albumOr404(c.req.param('id'))
    const photo = await book.photo(photoId)
    if (!photo || photo.albumId !== album._id) throw new ApiError('photoNotFound')
    await book.saveAlbum({ ...album, coverPhotoId: photo._id })
    return answer(c, { coverPhotoId: photo._id })
  })

  app.post('/photos/:id/caption', async (c) => {
    const { user } = requireEditor(c)
    const { caption } = parseBody(captionSchema, c.get('body'))
    const id = c.req.param('id')
    const photo = await work.edit(id, async () => {
      const captioned = { ...(await photoOr404(id)), caption }
      await book.savePhoto(captioned)
      return captioned
    })
    return answer(c, { photo: photoView(photo, user) })
  })

  app.post('/photos/:id/rotate', async (c) => {
    const { user } = requireEditor(c)
    const { turn } = parseBody(rotateSchema, c.get('body'))
    const id = c.req.param('id')
    // An unknown photo takes no turn; the photo is read again in its turn, as the edits before left it.
    await photoOr404(id)
    const updated = await work.image(c, id, async () => {
      const photo = await photoOr404(id)
      // The crop was drawn on the photo as it was turned; a new turn starts from the whole photo.
      return rederive(photo, turned(photo.rotation, turn), null)
    })
    return answer(c, { photo: photoView(updated, user) })
  })

  app.post('/photos/:id/crop', async (c) => {
    const { user } = requireEditor(c)
    const { crop } = parseBody(cropRequestSchema, c.get('body'))
    const kept = crop && !isWholePhoto(crop) ? crop : null
    const id = c.req.param('id')
    await photoOr404(id)
    const updated = await work.image(c, id, async () => {
      const photo = await photoOr404(id)
      return rederive(photo, photo.rotation, kept)
    })
    return answer(c, { photo: photoView(updated, user) })
  })

  app.post('/photos/:id/move', async (c) => {
    const { user } = requireEditor(c)
    const { albumId } = parseBody(moveSchema, c.get('body'))
    const id = c.req.param('id')
    const moved = await work.edit(id, async () => {
      const photo = await photoOr404(id)
      const target = await albumOr404(albumId)
      if (target._id === photo.albumId) return photo
      const from = await book.album(photo.albumId)
      const there = { ...photo, albumId: target._id, order: await book.nextOrder(target._id) }
      await book.savePhoto(there)
      if (from?.coverPhotoId === photo._id) await book.saveAlbum({ ...from, coverPhotoId: null })
      return there
    })
    return answer(c, { photo: photoView(moved, user) })
  })

  app.delete('/photos/:id', async (c) => {
    requireEditor(c)
    const id = c.req.param('id')
    const photo = await work.edit(id, async () => {
      const removed = await photoOr404(id)
      await book.removePhoto(removed._id)
      const album = await book.album(removed.albumId)
      if (album?.coverPhotoId === removed._id) {
        await book.saveAlbum({ ...album, coverPhotoId: null })
      }
      await release([removed.original.hash, ...hashesOf(removed.sizes)])
      return removed
    })
    return answer(c, { deleted: photo._id })
  })

  app.post('/photos/:id/decide', async (c) => {
    const { username, user } = requireEditor(c)
    const { decision } = parseBody(decideSchema, c.get('body'))
    const id = c.req.param('id')
    const decided = await work.edit(id, async () => {
      const photo = await photoOr404(id)
      if (!photo.hide) throw new ApiError('photoNotFound')
      const done: PhotoRecord = {
        ...photo,
        hide: { ...photo.hide, decision, decidedBy: username, decidedAt: deps.clock() },
      }
      await book.savePhoto(done)
      return done
    })
    return answer(c, { photo: photoView(decided, user) })
  })

  app.get('/requests', async (c) => {
    const { user } = requireEditor(c)
    const photos = await book.withHideState()
    const titles = new Map((await book.albums()).map((album) => [album._id, album.title]))
    return answer(c, {
      requests: photos.map((photo) => ({
        ...photoView(photo, user),
        albumTitle: titles.get(photo.albumId) ?? { sl: '', en: '' },
      })),
    })
  })

  return app
}
