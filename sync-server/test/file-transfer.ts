// Shared by the upload and download tests: small real files of each kind (enough of each format
// for the type to be sniffed from the bytes), a server with a file store in a temp directory, and
// the tus protocol spoken with plain requests, as a browser's tus client would.
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect } from 'node:net'
import { crc32 } from 'node:zlib'
import { expect } from 'vitest'
import type { Config } from '../src/config'
import type { FileAccess } from '../src/files/access'
import type { FileStore } from '../src/files/port'
import { openDiskFileStore } from '../src/files/disk'
import { unpack, MSGPACK } from '../src/http/msgpack'
import {
  ROLE_USERS,
  seedUsers,
  startServer,
  testConfig,
  type Browser,
  type OpenedStore,
  type TestServer,
} from './harness'

/** A PDF of about `size` bytes: header, a catalogue object, padding, the end marker. */
export function pdfBytes(size = 64 * 1024): Uint8Array {
  const head = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n')
  const tail = Buffer.from('\n%%EOF\n')
  const padding = Buffer.alloc(Math.max(0, size - head.length - tail.length))
  for (let i = 0; i < padding.length; i++) padding[i] = 0x41 + (i % 26)
  return new Uint8Array(Buffer.concat([head, padding, tail]))
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A 1×1 grey PNG. */
export function pngBytes(): Uint8Array {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(1, 0)
  header.writeUInt32BE(1, 4)
  header[8] = 8
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x60, 0, 0, 0, 2, 0, 1])),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  )
}

/** An MP3 of a few silent MPEG-1 layer III frames behind an ID3 tag. */
export function mp3Bytes(): Uint8Array {
  const frame = Buffer.alloc(417)
  frame.set([0xff, 0xfb, 0x90, 0x64])
  const id3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, 0])])
  return new Uint8Array(Buffer.concat([id3, frame, frame, frame, frame]))
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

export interface FileServer {
  server: TestServer
  config: Config
  dataDir: string
  /** The bytes staged so far for an upload (0 when none). */
  stagedBytes(uploadPath: string): number
  /** The names of the unfinished uploads' files under DATA_DIR/uploads. */
  stagedFiles(): string[]
  /** The stored contents under DATA_DIR/files (the staging area left out). */
  storedHashes(): string[]
  close(): Promise<void>
}

export async function startFileServer(
  db: OpenedStore,
  options: {
    files?: { maxBytes?: Partial<Config['files']['maxBytes']> }
    uploads?: Partial<Config['uploads']>
    fileAccess?: FileAccess
    /** Photo work's limits (docs/0032); the defaults otherwise. */
    images?: Config['images']
    /** The file store the server gets, made from the disk store (to step into its calls). */
    wrapFiles?: (files: FileStore) => FileStore
  } = {},
): Promise<FileServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lfit-files-'))
  const defaults = testConfig().files
  const config = testConfig({
    dataDir,
    files: {
      ...defaults,
      ...options.files,
      maxBytes: { ...defaults.maxBytes, ...options.files?.maxBytes },
    },
    uploads: { ...testConfig().uploads, ...options.uploads },
    ...(options.images ? { images: options.images } : {}),
  })
  await seedUsers(db.store, ROLE_USERS)
  const files = openDiskFileStore(dataDir)
  const server = await startServer({
    store: db.store,
    config,
    files: options.wrapFiles ? options.wrapFiles(files) : files,
    fileAccess: options.fileAccess,
  })
  return {
    server,
    config,
    dataDir,
    stagedBytes(uploadPath) {
      const staged = join(dataDir, 'uploads', uploadPath.split('/').pop() ?? '')
      return existsSync(staged) ? statSync(staged).size : 0
    },
    stagedFiles() {
      const staging = join(dataDir, 'uploads')
      return existsSync(staging) ? readdirSync(staging).sort() : []
    },
    storedHashes() {
      const root = join(dataDir, 'files')
      if (!existsSync(root)) return []
      return readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && !entry.parentPath.includes('staging'))
        .map((entry) => entry.name)
    },
    async close() {
      await server.close()
      await files.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export interface Reply {
  status: number
  headers: Headers
  bytes: Uint8Array
  /** The msgpack body decoded (errors and FileRefs), else undefined. */
  body: unknown
}

/** A request with the browser's cookies and the page's Origin. */
export async function send(
  browser: Browser,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: Uint8Array; origin?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {
    origin: init.origin ?? browser.baseUrl,
    // As the app's own client asks: refusals in the API's shape (a tus client gets text).
    accept: MSGPACK,
    ...init.headers,
  }
  if (browser.cookies.size > 0) {
    headers.cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
  const response = await fetch(`${browser.baseUrl}${path}`, { method, headers, body: init.body })
  const bytes = new Uint8Array(await response.arrayBuffer())
  const isMsgpack = (response.headers.get('content-type') ?? '').startsWith(MSGPACK)
  const body = isMsgpack && bytes.length > 0 ? unpack(bytes) : undefined
  return { status: response.status, headers: response.headers, bytes, body }
}

const TUS = { 'Tus-Resumable': '1.0.0' }

/** The Upload-Metadata header: each value base64, as tus clients send it. */
export function metadataHeader(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value, 'utf8').toString('base64')}`)
    .join(',')
}

/** Creates an upload; answers the reply and its path (from Location). */
export async function createUpload(
  browser: Browser,
  length: number,
  metadata: Record<string, string> | string,
) {
  const reply = await send(browser, 'POST', '/api/files/uploads', {
    headers: {
      ...TUS,
      'Upload-Length': String(length),
      'Upload-Metadata': typeof metadata === 'string' ? metadata : metadataHeader(metadata),
    },
  })
  return { reply, path: reply.headers.get('location') ?? '' }
}

export function patchUpload(browser: Browser, path: string, offset: number, bytes: Uint8Array) {
  return send(browser, 'PATCH', path, {
    headers: {
      ...TUS,
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
    },
    body: bytes,
  })
}

export function headUpload(browser: Browser, path: string) {
  return send(browser, 'HEAD', path, { headers: TUS })
}

/** Uploads a whole file in one piece; answers the finishing reply and the new file's id. */
export async function upload(browser: Browser, name: string, type: string, bytes: Uint8Array) {
  const created = await createUpload(browser, bytes.length, { filename: name, filetype: type })
  if (created.reply.status !== 201) return { reply: created.reply, fileId: '', path: '' }
  const reply = await patchUpload(browser, created.path, 0, bytes)
  return { reply, fileId: reply.headers.get('upload-file-id') ?? '', path: created.path }
}

/**
 * Starts a PATCH of `bytes` and cuts the connection once the server has staged `sendFirst` of
 * them, as a dropped Wi-Fi does: the request never completes.
 */
export async function patchCutOff(
  browser: Browser,
  path: string,
  bytes: Uint8Array,
  sendFirst: number,
  staged: () => number,
): Promise<void> {
  const url = new URL(browser.baseUrl)
  const socket = connect(Number(url.port), url.hostname)
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  socket.on('error', () => undefined)
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  socket.write(
    [
      `PATCH ${path} HTTP/1.1`,
      `Host: ${url.host}`,
      `Origin: ${browser.baseUrl}`,
      `Cookie: ${cookie}`,
      'Tus-Resumable: 1.0.0',
      'Upload-Offset: 0',
      'Content-Type: application/offset+octet-stream',
      `Content-Length: ${bytes.length}`,
      '',
      '',
    ].join('\r\n'),
  )
  socket.write(bytes.slice(0, sendFirst))
  await expect.poll(staged, { timeout: 10_000, interval: 20 }).toBe(sendFirst)
  socket.destroy()
}

export const errorCode = (reply: Reply) =>
  (reply.body as { error?: { code?: string } } | undefined)?.error?.code
export const errorMessage = (reply: Reply) =>
  (reply.body as { error?: { message?: { sl: string; en: string } } } | undefined)?.error?.message
