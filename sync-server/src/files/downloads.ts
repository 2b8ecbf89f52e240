// GET /api/files/{id} (docs/architecture.md#files): a stored file, to whoever the access port lets
// read it. An unknown id and a forbidden one get the same 404, so guessing ids tells nothing. The
// bytes come from the store by hash, never from a path made of what the client sent; a range
// request gets 206 with just those bytes (a video seeks, an offline copy answers ranges), the
// hash is the ETag (content never changes under an id, so If-None-Match answers 304), and the
// original name travels in Content-Disposition. A document is always an attachment, never shown
// as a page of the app's origin; a text type says it is UTF-8 (docs/0030-links-logins-and-answers.md).
import { Readable } from 'node:stream'
import type { Context } from 'hono'
import { errorBody } from '@lfit/domain/api/errors'
import { kindOfType } from '@lfit/domain/materials/files'
import type { AppEnv } from '../http/env'
import { ApiError } from '../http/errors'
import { pack, MSGPACK } from '../http/msgpack'
import type { FileAccess } from './access'
import type { FileRecords, StoredFileMeta } from './metadata'
import { FileNotFoundError, type ByteRange, type FileStore } from './port'

export interface DownloadDeps {
  files: FileStore
  records: FileRecords
  access: FileAccess
}

export async function download(
  c: Context<AppEnv>,
  id: string,
  deps: DownloadDeps,
): Promise<Response> {
  const meta = await deps.records.byId(id)
  if (!meta || !(await deps.access.mayDownload(c.get('session'), meta))) {
    throw new ApiError('fileNotFound')
  }
  const etag = `"${meta.hash}"`
  // The caller's right to the file can end, so a kept copy is checked with the server (304).
  const common = { ETag: etag, 'Cache-Control': 'private, no-cache' }
  if (matchesEtag(c.req.header('if-none-match'), etag)) {
    return new Response(null, { status: 304, headers: common })
  }
  const headers: Record<string, string> = {
    ...common,
    'Content-Type': contentType(meta.type),
    'Content-Disposition': disposition(
      meta,
      c.req.query('download') !== undefined || kindOfType(meta.type) === 'document',
    ),
    'X-Content-Type-Options': 'nosniff',
    'Accept-Ranges': 'bytes',
  }
  const ifRange = c.req.header('if-range')
  const range =
    ifRange === undefined || ifRange === etag ? rangeOf(c.req.header('range'), meta.size) : null
  if (range === 'unsatisfiable') {
    return new Response(pack(errorBody('badRequest')), {
      status: 416,
      headers: { ...common, 'Content-Range': `bytes */${meta.size}`, 'Content-Type': MSGPACK },
    })
  }
  const length = range ? range.end - range.start + 1 : meta.size
  headers['Content-Length'] = String(length)
  if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${meta.size}`
  const status = range ? 206 : 200
  // A HEAD wants the headers only: no file is opened.
  if (c.req.method === 'HEAD') return new Response(null, { status, headers })
  let bytes: Readable
  try {
    bytes = await deps.files.read(meta.hash, range ?? undefined)
  } catch (error) {
    if (!(error instanceof FileNotFoundError)) throw error
    c.var.log.error('a recorded file has no stored bytes', { fileId: meta._id })
    throw new ApiError('fileNotFound')
  }
  return new Response(Readable.toWeb(bytes) as ReadableStream, { status, headers })
}

/** Whether an If-None-Match header names this ETag (or `*`); weak tags compare by value. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*')
}

/**
 * The one byte range a Range header asks for: null for the whole file (no header, a header in
 * another unit, or several ranges, which a server may answer whole), or 'unsatisfiable'.
 */
export function rangeOf(
  header: string | undefined,
  size: number,
): ByteRange | null | 'unsatisfiable' {
  if (header === undefined) return null
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match) return null
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return 'unsatisfiable'
  if (first === '') {
    // The last N bytes.
    const suffix = Number(last)
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (start >= size || start > end) return 'unsatisfiable'
  return { start, end }
}

/**
 * The stored type; a text type (WebVTT subtitles, UTF-8 by their specification and read so on
 * upload) with `charset=utf-8`, so no browser guesses another encoding.
 */
function contentType(type: string): string {
  return type.startsWith('text/') && !/;\s*charset=/i.test(type) ? `${type}; charset=utf-8` : type
}

/** `inline` (or `attachment`) with the original name: ASCII for old clients, UTF-8 (RFC 5987). */
function disposition(meta: StoredFileMeta, asAttachment: boolean): string {
  const fallback = meta.name.replace(/[^\x20-\x7e]|["\\%]/g, '_')
  const encoded = encodeURIComponent(meta.name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${asAttachment ? 'attachment' : 'inline'}; filename="${fallback}"; filename*=UTF-8''${encoded}`
}
