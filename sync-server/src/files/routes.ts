// /api/files (docs/architecture.md#files): resumable uploads (uploads.ts), downloads
// (downloads.ts), and for the file managers the list of stored files with where each is used
// (the /dir screen) and the delete of a file nothing uses any more.
import { Hono } from 'hono'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { answer } from '../http/msgpack'
import { decodedPart } from '../http/path'
import type { Store } from '../store/port'
import type { Config } from '../config'
import type { FileAccess } from './access'
import { releaseContent } from './content-users'
import { download } from './downloads'
import { FileRecords } from './metadata'
import type { FileStore } from './port'
import { openUploadStaging, type UploadStaging } from './staging'
import { createUploads, requireFileManager } from './uploads'

export interface FileRouteDeps {
  stores: () => Promise<Store>
  files: FileStore
  access: FileAccess
  config: Pick<Config, 'dataDir' | 'files' | 'uploads' | 'allowedOrigins'>
  clock: () => number
  /** Where unfinished uploads wait, bounded; main.ts starts and stops its sweep. */
  staging?: UploadStaging
}

/** The list answers at most this many files, newest first. */
const MAX_LISTED = 5_000

/** Where the file routes are mounted (app.ts). */
const FILES_PATH = '/api/files/'

/** The id of `/api/files/{id}`, or null for any other path (one non-empty segment). */
export function fileIdOf(path: string): string | null {
  if (!path.startsWith(FILES_PATH) || path.length === FILES_PATH.length) return null
  if (path.indexOf('/', FILES_PATH.length) >= 0) return null
  return decodedPart(path.slice(FILES_PATH.length))
}

export function createFileRoutes(deps: FileRouteDeps): Hono<AppEnv> {
  const { files, access } = deps
  const records = new FileRecords(deps.stores)
  const staging =
    deps.staging ??
    openUploadStaging({
      dataDir: deps.config.dataDir,
      limits: deps.config.uploads,
      clock: deps.clock,
    })
  const uploads = createUploads({
    files,
    records,
    limits: deps.config.files,
    staging,
    lockTimeoutMs: deps.config.uploads.lockTimeoutMs,
    allowedOrigins: deps.config.allowedOrigins,
    clock: deps.clock,
  })
  const app = new Hono<AppEnv>()

  app.post('/uploads', (c) => uploads.create(c))
  app.get('/uploads/:id/result', (c) => uploads.result(c))
  // Hono answers a HEAD with the GET route, minus the body: the tus HEAD lives here.
  app.get('/uploads/:id', (c) => {
    if (c.req.method !== 'HEAD') throw new ApiError('uploadNotFound')
    return uploads.resume(c)
  })
  app.on(['PATCH', 'DELETE'], '/uploads/:id', (c) => uploads.resume(c))
  // A client that can send only GET and POST names the method in X-HTTP-Method-Override.
  app.post('/uploads/:id', (c) => uploads.resume(c))
  app.options('/uploads', (c) => uploads.discover(c))
  app.options('/uploads/:id', (c) => uploads.discover(c))

  app.get('/', async (c) => {
    requireFileManager(c)
    const listed = await records.list(MAX_LISTED)
    const uses = await access.usesOf(listed.map((file) => file._id))
    const usernames = [...new Set(listed.map((file) => file.uploadedBy))]
    const uploaders = await (
      await deps.stores()
    )
      .collection('users')
      .find(
        { username: { $in: usernames } },
        { projection: { username: 1, firstName: 1, lastName: 1 } },
      )
    const nameOf = new Map(
      uploaders.map((user) => [
        user.username,
        `${String(user.firstName ?? '')} ${String(user.lastName ?? '')}`.trim(),
      ]),
    )
    return answer(c, {
      files: listed.map((file) => ({
        fileId: file._id,
        name: file.name,
        size: file.size,
        type: file.type,
        kind: file.kind,
        uploadedBy: file.uploadedBy,
        uploaderName: nameOf.get(file.uploadedBy) || file.uploadedBy,
        uploadedAt: file.uploadedAt,
        uses: uses.get(file._id) ?? [],
      })),
    })
  })

  // `/{id}` read from the path by a wildcard route: a `/:id` parameter beside the static
  // `/uploads` does not fit Hono's fastest router, and one route it cannot hold routes every
  // request of the server by the slower tree router (docs/0018-find-under-load.md).
  app.get('/*', (c, next) => {
    const id = fileIdOf(c.req.path)
    return id === null ? next() : download(c, id, { files, records, access })
  })

  app.delete('/*', async (c, next) => {
    const id = fileIdOf(c.req.path)
    if (id === null) return next()
    requireFileManager(c)
    const file = await records.byId(id)
    if (!file) throw new ApiError('fileNotFound')
    const uses = (await access.usesOf([file._id])).get(file._id) ?? []
    if (uses.length > 0) {
      throw new ApiError('fileInUse', { uses: uses.map((use) => use.title).join(', ') })
    }
    await records.remove(file._id)
    // The same content may be another file's, or a photo's original or size: it stays for them.
    await releaseContent(await deps.stores(), files, [file.hash])
    return answer(c, { deleted: file._id })
  })

  return app
}
