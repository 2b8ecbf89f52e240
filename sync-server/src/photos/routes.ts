// /api/photos (docs/architecture.md#photos, docs/access-policy.md#photos): the albums and their
// photos for any logged-in user, the served sizes behind the same check, and the request to hide
// a photo of oneself, which hides it at once. The photo editors' changes are in edit-routes.ts.
import { Readable } from 'node:stream'
import { Hono, type Context } from 'hono'
import { isPhotoEditor, maySeePhoto } from '@lfit/domain/photos/access'
import type { PhotoRecord } from '@lfit/domain/photos/photo'
import type { UserDirectory } from '../auth/users'
import type { Config } from '../config'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { answer } from '../http/msgpack'
import type { FileStore } from '../files/port'
import { FileNotFoundError } from '../files/port'
import type { Mailer } from '../mail/outbox'
import type { Store } from '../store/port'
import { PhotoBook } from './book'
import { createPhotoEditRoutes } from './edit-routes'
import { PhotoWork } from './photo-work'
import { tellPhotoEditors } from './notify'
import { albumView, photoView, visiblePhotos } from './views'

export interface PhotoRouteDeps {
  stores: () => Promise<Store>
  files: FileStore
  users: UserDirectory
  mailer: Mailer
  config: Pick<Config, 'publicUrl' | 'images'>
  clock: () => number
}

/** The caller's session; a visitor is refused. */
export function requireReader(c: Context<AppEnv>) {
  const session = c.get('session')
  if (!session) throw new ApiError('notLoggedIn')
  return session
}

const userOf = (c: Context<AppEnv>) => {
  const session = c.get('session')
  return session ? { roles: session.roles } : null
}

export function createPhotoRoutes(deps: PhotoRouteDeps): Hono<AppEnv> {
  const book = new PhotoBook(deps.stores)
  const work = new PhotoWork(deps.config.images)
  const app = new Hono<AppEnv>()

  app.get('/albums', async (c) => {
    requireReader(c)
    const user = userOf(c)
    const albums = await book.albums()
    const views = await Promise.all(
      albums.map(async (album) =>
        albumView(album, visiblePhotos(await book.photosOf(album._id), user)),
      ),
    )
    // An album with nothing the caller may see is not listed for them; editors see every album.
    return answer(c, {
      albums: isPhotoEditor(user) ? views : views.filter((view) => view.photoCount > 0),
    })
  })

  app.get('/albums/:id', async (c) => {
    requireReader(c)
    const user = userOf(c)
    const album = await book.album(c.req.param('id'))
    if (!album) throw new ApiError('albumNotFound')
    const photos = visiblePhotos(await book.photosOf(album._id), user)
    if (!isPhotoEditor(user) && photos.length === 0) throw new ApiError('albumNotFound')
    return answer(c, {
      album: albumView(album, photos),
      photos: photos.map((photo) => photoView(photo, user)),
    })
  })

  app.get('/files/:id/:size', async (c) => {
    requireReader(c)
    const user = userOf(c)
    const size = c.req.param('size')
    const photo = await book.photo(c.req.param('id'))
    // A hidden photo is as unknown as one that never was, to whoever may not see it.
    if (!photo || !maySeePhoto(user, photo.hide)) throw new ApiError('photoNotFound')
    if (size === 'original') {
      if (!isPhotoEditor(user)) throw new ApiError('photoNotFound')
      return serve(c, photo.original.hash, photo.original.type, photo.original.bytes, {
        cache: 'private, no-cache',
        disposition: attachment(photo.original.name),
      })
    }
    if (size !== 'thumb' && size !== 'screen') throw new ApiError('photoNotFound')
    const rendition = photo.sizes[size]
    // The address names the content (?v=), so a kept copy never goes stale; hiding a photo
    // takes it out of every answer, so no one is sent to a kept copy of it.
    return serve(c, rendition.hash, 'image/jpeg', rendition.bytes, {
      cache: 'private, max-age=31536000, immutable',
    })
  })

  app.post('/photos/:id/hide', async (c) => {
    const session = requireReader(c)
    const user = userOf(c)
    const id = c.req.param('id')
    const photo = await work.edit(id, async () => {
      const found = await book.photo(id)
      if (!found || !maySeePhoto(user, found.hide)) throw new ApiError('photoNotFound')
      const hidden: PhotoRecord = {
        ...found,
        hide: { requestedBy: session.user.username, requestedAt: deps.clock() },
      }
      await book.savePhoto(hidden)
      return hidden
    })
    const album = await book.album(photo.albumId)
    if (album)
      await tellPhotoEditors(
        { ...deps, publicUrl: deps.config.publicUrl },
        await deps.stores(),
        album.title,
      )
    return answer(c, { hidden: photo._id })
  })

  app.route('/', createPhotoEditRoutes({ ...deps, book, work }))
  return app

  async function serve(
    c: Context<AppEnv>,
    hash: string,
    type: string,
    bytes: number,
    options: { cache: string; disposition?: string },
  ): Promise<Response> {
    const etag = `"${hash}"`
    const headers: Record<string, string> = {
      ETag: etag,
      'Cache-Control': options.cache,
      'X-Content-Type-Options': 'nosniff',
    }
    if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers })
    headers['Content-Type'] = type
    headers['Content-Length'] = String(bytes)
    if (options.disposition) headers['Content-Disposition'] = options.disposition
    if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers })
    try {
      const stream = await deps.files.read(hash)
      return new Response(Readable.toWeb(stream) as ReadableStream, { status: 200, headers })
    } catch (error) {
      if (!(error instanceof FileNotFoundError)) throw error
      c.var.log.error('a photo has no stored bytes', { hash: hash.slice(0, 12) })
      throw new ApiError('photoNotFound')
    }
  }
}

/** `attachment` with the original name: ASCII for old clients, UTF-8 (RFC 5987). */
function attachment(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_')
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`
}
