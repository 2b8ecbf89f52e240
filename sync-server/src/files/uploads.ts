// Resumable uploads at /api/files/uploads (the tus protocol, docs/architecture.md#files): studio
// Wi-Fi drops, so a file arrives in pieces that are staged under DATA_DIR/uploads and a broken
// upload continues from the offset the server reports instead of starting again. Only file
// managers upload (and photo editors, images only), and each upload is its uploader's alone. The name, declared type and length
// are checked before any byte is sent; when the last byte arrives the type is sniffed from the
// bytes, and only a file whose bytes, extension and declared type agree is stored, by its hash,
// and recorded in `files`. The finishing answer names the new file (`Upload-File-Id`), and so
// does a HEAD of a finished upload and GET /api/files/uploads/:id/result (its FileRef).
// A piece streams to the staged file as it arrives, bounded by the upload's declared length and
// its kind's limit, not by a cap per request: a tus client at its default settings sends the
// whole file in one request (docs/0031-bounded-uploads.md). Staging is bounded (staging.ts).
import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Context } from 'hono'
import {
  ERRORS as TUS_ERRORS,
  MemoryLocker,
  Server as TusServer,
  TUS_RESUMABLE,
  type Upload,
} from '@tus/server'
import { fileTypeFromFile } from 'file-type'
import { hasAnyRole } from '@lfit/domain/access/roles'
import { FILE_MANAGER_ROLES } from '@lfit/domain/materials/access'
import { PHOTO_EDITOR_ROLES } from '@lfit/domain/photos/access'
import {
  ALLOWED_TYPE_LABELS,
  ALLOWED_TYPES,
  allowedType,
  checkFileType,
  sanitiseFileName,
  typeOfExtension,
} from '@lfit/domain/materials/files'
import { parseWebVtt, SUBTITLES_MAX_BYTES } from '@lfit/domain/media/webvtt'
import type { Config } from '../config'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { answer } from '../http/msgpack'
import { fileRefOf, newFileId, type FileRecords, type StoredFileMeta } from './metadata'
import type { FileStore } from './port'
import type { UploadStaging } from './staging'
import { answeringTus, checkTusRequest, methodOf, withMethodOverride } from './tus-protocol'

export const UPLOADS_PATH = '/api/files/uploads'
/** The id the server gives an upload (128 random bits, hex); nothing else reaches the staging. */
const UPLOAD_ID = /^[0-9a-f]{32}$/

export interface UploadDeps {
  files: FileStore
  records: FileRecords
  limits: Config['files']
  staging: UploadStaging
  /** How long a piece waits for another request on its upload to let go (UPLOAD_LOCK_TIMEOUT_MS). */
  lockTimeoutMs: number
  /** Origins besides the server's own (the Vite dev server); tus answers CORS for them only. */
  allowedOrigins: readonly string[]
  clock: () => number
}

/** What the tus hooks of one request need to know: who calls, and why the call was refused. */
interface UploadCall {
  uploader: string
  /** A photo editor who is no file manager uploads images only (docs/access-policy.md#photos). */
  imagesOnly: boolean
  refusal?: ApiError
  /** The upload this request created and counted against the caps. */
  admitted?: string
  /** The upload this request finished: its staged copy goes once the answer is ready. */
  finished?: string
}

export interface Uploads {
  create(c: Context<AppEnv>): Promise<Response>
  /** OPTIONS: the protocol version, extensions and largest file (no sign-in needed). */
  discover(c: Context<AppEnv>): Promise<Response>
  /** HEAD (the offset to resume from), PATCH (a piece), DELETE (give up). */
  resume(c: Context<AppEnv>): Promise<Response>
  result(c: Context<AppEnv>): Promise<Response>
}

/** The signed-in file manager's username, or the refusal. */
export function requireFileManager(c: Context<AppEnv>): string {
  const session = c.get('session')
  if (!session) throw new ApiError('notLoggedIn')
  if (!hasAnyRole({ roles: session.roles }, FILE_MANAGER_ROLES)) throw new ApiError('forbidden')
  return session.user.username
}

/**
 * The signed-in uploader: a file manager, or a photo editor (images only, for the galleries).
 */
function requireUploader(c: Context<AppEnv>): { uploader: string; imagesOnly: boolean } {
  const session = c.get('session')
  if (!session) throw new ApiError('notLoggedIn')
  const user = { roles: session.roles }
  if (hasAnyRole(user, FILE_MANAGER_ROLES)) {
    return { uploader: session.user.username, imagesOnly: false }
  }
  if (hasAnyRole(user, PHOTO_EDITOR_ROLES)) {
    return { uploader: session.user.username, imagesOnly: true }
  }
  throw new ApiError('forbidden')
}

const IMAGE_TYPE_LABELS = ALLOWED_TYPES.filter((allowed) => allowed.kind === 'image')
  .map((allowed) => allowed.label)
  .join(', ')

const megabytes = (bytes: number) => Math.floor(bytes / (1024 * 1024))

export function createUploads(deps: UploadDeps): Uploads {
  const { files, records, limits, clock, staging } = deps
  const { directory } = staging
  // The tus hooks get the very Request handed to the server; this is how they learn its caller.
  const calls = new WeakMap<Request, UploadCall>()

  function refuse(call: UploadCall, error: ApiError): never {
    call.refusal = error
    throw { status_code: error.status, body: error.code }
  }

  function callOf(request: Request): UploadCall {
    const call = calls.get(request)
    if (!call) throw new Error('an upload request reached tus without its caller')
    return call
  }

  const tus = new TusServer({
    path: UPLOADS_PATH,
    datastore: staging.store,
    relativeLocation: true,
    // Advertised as Tus-Max-Size; each kind's own limit is checked when an upload is created.
    maxSize: Math.max(...Object.values(limits.maxBytes)),
    // tus waits 30 s for a lock by default and then answers 500; the wait is ours to bound, and
    // its end is answered 423 (busy, try again) below.
    locker: new MemoryLocker({ acquireLockTimeout: deps.lockTimeoutMs }),
    // Left unset, tus would allow every origin (`*`); the app is same-origin (http/origin.ts).
    allowedOrigins: (origin) => deps.allowedOrigins.includes(origin),
    namingFunction: () => randomBytes(16).toString('hex'),
    async onUploadCreate(request, upload) {
      const call = callOf(request as Request)
      const metadata = upload.metadata ?? {}
      // tus-js-client and Uppy send `filename` and `filetype`.
      const name = sanitiseFileName(metadata.filename ?? '')
      if (!name.ok) refuse(call, new ApiError('fileNameInvalid'))
      const declared = metadata.filetype ?? ''
      const type = typeOfExtension(name.extension)
      if (!type || (declared !== '' && !allowedType(declared))) {
        refuse(
          call,
          new ApiError('fileTypeNotAllowed', { name: name.name, allowed: ALLOWED_TYPE_LABELS }),
        )
      }
      if (declared !== '' && allowedType(declared) !== type) {
        refuse(call, new ApiError('fileTypeMismatch', { name: name.name }))
      }
      // A length given later (Upload-Defer-Length) could not be held to the kind's limit now.
      if (call.imagesOnly && type.kind !== 'image') {
        refuse(
          call,
          new ApiError('fileTypeNotAllowed', { name: name.name, allowed: IMAGE_TYPE_LABELS }),
        )
      }
      if (upload.size === undefined) refuse(call, new ApiError('badRequest'))
      const limit = limits.maxBytes[type.kind]
      if (upload.size > limit) {
        refuse(call, new ApiError('fileTooLarge', { name: name.name, limit: megabytes(limit) }))
      }
      try {
        await staging.admit(upload.id, call.uploader, upload.size, name.name)
      } catch (error) {
        if (error instanceof ApiError) refuse(call, error)
        throw error
      }
      call.admitted = upload.id
      return { metadata: { filename: name.name, filetype: declared, uploadedBy: call.uploader } }
    },
    async onUploadFinish(request, upload) {
      const call = callOf(request as Request)
      try {
        const record = await store(call, upload)
        // Removed once tus has answered: the answer to a create that carried the whole file
        // still reads the staged upload (docs/0031-bounded-uploads.md).
        call.finished = upload.id
        return { headers: { 'Upload-File-Id': record._id } }
      } catch (error) {
        // Refused or failed, the staged bytes are of no further use.
        await discard(upload.id)
        throw error
      }
    },
    async onResponseError(request, error) {
      if (error !== TUS_ERRORS.ERR_LOCK_TIMEOUT) return undefined
      const call = callOf(request as Request)
      call.refusal = new ApiError('uploadBusy')
      return { status_code: call.refusal.status, body: call.refusal.code }
    },
  })

  async function discard(id: string): Promise<void> {
    await staging.store.remove(id).catch(() => undefined)
    staging.release(id)
  }

  /** Sniffs the finished upload, stores its bytes by hash and records it. */
  async function store(call: UploadCall, upload: Upload): Promise<StoredFileMeta> {
    const staged = join(directory, upload.id)
    const name = upload.metadata?.filename ?? ''
    const extension = name.slice(name.lastIndexOf('.') + 1)
    const sniffed =
      extension.toLowerCase() === 'vtt'
        ? await subtitlesType(call, staged, name)
        : (await fileTypeFromFile(staged))?.mime
    const check = checkFileType(sniffed, extension, upload.metadata?.filetype ?? '')
    if (!check.ok) {
      refuse(
        call,
        check.reason === 'mismatch'
          ? new ApiError('fileTypeMismatch', { name })
          : new ApiError('fileTypeNotAllowed', { name, allowed: ALLOWED_TYPE_LABELS }),
      )
    }
    const stored = await files.put(createReadStream(staged))
    const record: StoredFileMeta = {
      _id: newFileId(),
      hash: stored.hash,
      size: stored.size,
      type: check.type.type,
      kind: check.type.kind,
      name,
      uploadedBy: call.uploader,
      uploadedAt: clock(),
      uploadId: upload.id,
    }
    await records.insert(record)
    // A delete of the last other record of this content may have removed the bytes between the
    // put and the insert; the record now holds them, so they are put back.
    if (!(await files.stat(stored.hash))) await files.put(createReadStream(staged))
    return record
  }

  /**
   * Subtitles are text, which no sniffer recognises: a `.vtt` file is `text/vtt` when it reads as
   * WebVTT (the header and every cue's timing), and refused with the line that is wrong otherwise.
   */
  async function subtitlesType(call: UploadCall, staged: string, name: string) {
    if ((await stat(staged)).size > SUBTITLES_MAX_BYTES) {
      refuse(call, new ApiError('fileTooLarge', { name, limit: megabytes(SUBTITLES_MAX_BYTES) }))
    }
    const read = parseWebVtt(await readFile(staged, 'utf8'))
    if (!read.ok) refuse(call, new ApiError('subtitlesInvalid', { name, line: read.line }))
    return 'text/vtt'
  }

  /** Hands the request to tus and turns its refusals into the API's bilingual answers. */
  async function run(
    c: Context<AppEnv>,
    caller: { uploader: string; imagesOnly: boolean },
  ): Promise<Response> {
    const request = withMethodOverride(c.req.raw)
    checkTusRequest(request)
    const call: UploadCall = { ...caller }
    calls.set(request, call)
    const response = await tus.handleWeb(request)
    if (call.finished) await discard(call.finished)
    if (request.method === 'DELETE' && response.status === 204) {
      staging.release(c.req.param('id') ?? '')
    }
    const refused = call.refusal !== undefined || response.status >= 400
    // A create refused after it was counted, whose upload was never staged, no longer counts.
    if (
      refused &&
      call.admitted &&
      !(await staging.store.getUpload(call.admitted).catch(() => null))
    ) {
      staging.release(call.admitted)
    }
    if (call.refusal) throw call.refusal
    // 501 is tus declining a protocol extension the client asked for: the client's request.
    if (response.status >= 500 && response.status !== 501) {
      throw new Error(`upload failed with status ${response.status}`)
    }
    if (response.status >= 400) throw refusalOf(response.status)
    return response
  }

  return {
    create: (c) => answeringTus(c, () => run(c, requireUploader(c))),
    discover: (c) => tus.handleWeb(c.req.raw),
    resume: (c) =>
      answeringTus(c, async () => {
        const caller = requireUploader(c)
        const { uploader } = caller
        // A POST to an upload's address stands for another method, or is nothing tus knows.
        if (methodOf(c.req.raw) === 'POST') throw new ApiError('badRequest')
        const id = c.req.param('id') ?? ''
        if (!UPLOAD_ID.test(id)) throw new ApiError('uploadNotFound')
        const staged = await staging.store.getUpload(id).catch(() => null)
        if (!staged) {
          const finished = methodOf(c.req.raw) === 'HEAD' && (await records.byUpload(id, uploader))
          if (finished) return finishedHead(finished)
          throw new ApiError('uploadNotFound')
        }
        // Someone else's upload is as unknown as one that never was.
        if (staged.metadata?.uploadedBy !== uploader) throw new ApiError('uploadNotFound')
        return run(c, caller)
      }),
    async result(c) {
      const { uploader } = requireUploader(c)
      const id = c.req.param('id') ?? ''
      const finished = UPLOAD_ID.test(id) ? await records.byUpload(id, uploader) : null
      if (!finished) throw new ApiError('uploadNotFound')
      return answer(c, fileRefOf(finished))
    },
  }
}

/** A HEAD of an upload that has finished: complete, and which file it became. */
function finishedHead(record: StoredFileMeta): Response {
  return new Response(null, {
    status: 200,
    headers: {
      'Tus-Resumable': TUS_RESUMABLE,
      'Upload-Offset': String(record.size),
      'Upload-Length': String(record.size),
      'Upload-File-Id': record._id,
      'Cache-Control': 'no-store',
    },
  })
}

/** The API's answer for a status tus refused a request with. */
function refusalOf(status: number): ApiError {
  if (status === 404 || status === 410) return new ApiError('uploadNotFound')
  if (status === 409) return new ApiError('conflict')
  if (status === 413) return new ApiError('payloadTooLarge')
  return new ApiError('badRequest', {}, { status: status === 501 ? 400 : status })
}
