// The upload routes against the official tus client (tus-js-client's Node build), not the app's
// own wrapper (docs/0031-bounded-uploads.md): at its default settings it sends a whole file over
// 8 MiB in one request; an upload it aborts resumes from the server's offset; a create that
// carries the whole file is stored once and answered; it can send PATCH as POST; and a refusal
// reaches it as text it can show. The protocol's discovery (OPTIONS), version (412), piece type
// (415) and lock wait (423) are checked with plain requests.
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DetailedError, Upload, type UploadOptions } from 'tus-js-client'
import { openDiskFileStore } from '../src/files/disk'
import {
  openTestStore,
  snapshot,
  startServer,
  testConfig,
  type Browser,
  type OpenedStore,
} from './harness'
import {
  createUpload,
  errorCode,
  errorMessage,
  mp3Bytes,
  patchUpload,
  send,
  sha256,
  startFileServer,
  type FileServer,
} from './file-transfer'

const MIB = 1024 * 1024

/** An MP3 of `size` bytes: real frames first (the type is sniffed), silence after. */
function mp3Of(size: number): Buffer {
  const head = Buffer.from(mp3Bytes())
  return Buffer.concat([head, Buffer.alloc(size - head.length)])
}

const cookieOf = (browser: Browser) =>
  [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ')

interface Run {
  url: string
  /** The method and Upload-Offset of every request the client sent. */
  requests: string[]
}

/** Uploads `bytes` with tus-js-client; resolves when it succeeds, rejects with its error. */
function tusUpload(
  files: FileServer,
  browser: Browser,
  bytes: Buffer,
  options: UploadOptions = {},
): { done: Promise<Run>; upload: Upload; requests: string[] } {
  const requests: string[] = []
  let upload: Upload | undefined
  const done = new Promise<Run>((resolve, reject) => {
    upload = new Upload(bytes, {
      endpoint: `${files.server.url}/api/files/uploads`,
      metadata: { filename: 'Vaja.mp3', filetype: 'audio/mpeg' },
      headers: { cookie: cookieOf(browser) },
      retryDelays: [],
      onBeforeRequest: (request) => {
        const offset = request.getHeader('Upload-Offset')
        requests.push(`${request.getMethod()}${offset === undefined ? '' : ` ${offset}`}`)
      },
      onSuccess: () => resolve({ url: upload?.url ?? '', requests }),
      onError: reject,
      ...options,
    })
    upload.start()
  })
  return { done, upload: upload as unknown as Upload, requests }
}

/** The stored file of a finished upload, as its uploader downloads it. */
async function storedBytes(browser: Browser, uploadUrl: string): Promise<Uint8Array> {
  const path = new URL(uploadUrl).pathname
  const result = await send(browser, 'GET', `${path}/result`)
  const { fileId } = result.body as { fileId: string }
  return (await send(browser, 'GET', `/api/files/${fileId}`)).bytes
}

describe('uploads with tus-js-client', () => {
  let db: OpenedStore
  let files: FileServer
  let editor: Browser

  beforeEach(async () => {
    db = await openTestStore('embedded')
    files = await startFileServer(db, {
      files: { maxBytes: { document: 100_000 } },
      uploads: { minFreeDiskBytes: 0, lockTimeoutMs: 200 },
    })
    editor = await files.server.as('mediaEditor')
  })

  afterEach(async () => {
    await files.close()
    await db.close()
  })

  it('sends a file over 8 MiB in one request at its default settings', async () => {
    const mp3 = mp3Of(9 * MIB)
    const { url, requests } = await tusUpload(files, editor, mp3).done
    expect(requests).toEqual(['POST', 'PATCH 0'])
    expect(sha256(await storedBytes(editor, url))).toBe(sha256(mp3))
  })

  it('resumes an aborted upload from the offset the server reports', async () => {
    const mp3 = mp3Of(3 * MIB)
    const first = tusUpload(files, editor, mp3, {
      chunkSize: MIB,
      onChunkComplete: (_chunk, sent) => {
        if (sent === MIB) void first.upload.abort()
      },
    })
    await expect.poll(() => first.upload.url && files.stagedBytes(first.upload.url)).toBe(MIB)
    const uploadUrl = first.upload.url ?? ''
    const resumed = await tusUpload(files, editor, mp3, { chunkSize: MIB, uploadUrl }).done
    // Asked where to go on, and sent only the rest.
    expect(resumed.requests).toEqual(['HEAD', `PATCH ${MIB}`, `PATCH ${2 * MIB}`])
    expect(sha256(await storedBytes(editor, uploadUrl))).toBe(sha256(mp3))
  })

  it('stores a create that carries the whole file once, and answers it', async () => {
    const mp3 = mp3Of(64 * 1024)
    const { url, requests } = await tusUpload(files, editor, mp3, {
      uploadDataDuringCreation: true,
    }).done
    expect(requests).toEqual(['POST'])
    expect(sha256(await storedBytes(editor, url))).toBe(sha256(mp3))
    expect(await snapshot(db.store, 'files')).toHaveLength(1)
  })

  it('sends pieces as POST with X-HTTP-Method-Override', async () => {
    const mp3 = mp3Of(2 * MIB)
    const { url, requests } = await tusUpload(files, editor, mp3, {
      chunkSize: MIB,
      overridePatchMethod: true,
    }).done
    expect(requests).toEqual(['POST', 'POST 0', `POST ${MIB}`])
    expect(sha256(await storedBytes(editor, url))).toBe(sha256(mp3))
  })

  it('shows a refusal as the text of its bilingual message', async () => {
    const pdf = Buffer.alloc(100_001)
    const failed = await tusUpload(files, editor, pdf, {
      metadata: { filename: 'Knjiga.pdf', filetype: 'application/pdf' },
    }).done.catch((error: unknown) => error)
    expect(failed).toBeInstanceOf(DetailedError)
    const { message, originalResponse } = failed as DetailedError
    expect(originalResponse?.getStatus()).toBe(413)
    expect(originalResponse?.getHeader('Content-Type')).toMatch(/^text\/plain/)
    expect(message).toContain('Datoteka »Knjiga.pdf« je prevelika')
    expect(message).toContain('The file “Knjiga.pdf” is too large')
  })

  it('starts again on an instance without the upload’s staging, which says it has none', async () => {
    const mp3 = mp3Of(3 * MIB)
    const first = tusUpload(files, editor, mp3, {
      chunkSize: MIB,
      onChunkComplete: (_chunk, sent) => {
        if (sent === MIB) void first.upload.abort()
      },
    })
    await expect.poll(() => first.upload.url && files.stagedBytes(first.upload.url)).toBe(MIB)
    const path = new URL(first.upload.url ?? '').pathname

    // A second instance of the same database with a staging folder of its own.
    const dataDir = mkdtempSync(join(tmpdir(), 'lfit-files-'))
    const otherFiles = openDiskFileStore(dataDir)
    const other = await startServer({
      store: db.store,
      config: { dataDir, uploads: { ...testConfig().uploads, minFreeDiskBytes: 0 } },
      files: otherFiles,
    })
    try {
      const otherEditor = await other.as('mediaEditor')
      const head = await send(otherEditor, 'HEAD', path, { headers: { 'Tus-Resumable': '1.0.0' } })
      expect(head.status).toBe(404)
      const piece = await patchUpload(otherEditor, path, MIB, mp3.subarray(MIB))
      expect(piece.status).toBe(404)
      expect(errorCode(piece)).toBe('uploadNotFound')
      expect(errorMessage(piece)?.en).toContain('upload the file again')

      // The client, told so, uploads the file anew there.
      const resumed = await tusUpload({ ...files, server: other }, otherEditor, mp3, {
        chunkSize: 3 * MIB,
        uploadUrl: `${other.url}${path}`,
      }).done
      expect(resumed.requests).toEqual(['HEAD', 'POST', 'PATCH 0'])
      expect(sha256(await storedBytes(otherEditor, resumed.url))).toBe(sha256(mp3))
    } finally {
      await other.close()
      await otherFiles.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('advertises the protocol, its extensions and the largest file on OPTIONS', async () => {
    const reply = await send(editor, 'OPTIONS', '/api/files/uploads')
    expect(reply.status).toBe(204)
    expect(reply.headers.get('tus-version')).toBe('1.0.0')
    // A length given later is not offered: it could not be counted against the caps.
    expect(reply.headers.get('tus-extension')?.split(',')).toEqual([
      'creation',
      'creation-with-upload',
      'termination',
      'expiration',
    ])
    expect(reply.headers.get('tus-max-size')).toBe(String(files.config.files.maxBytes.video))
  })

  it.each([
    ['text', 'text/plain'],
    ['msgpack', 'application/msgpack'],
  ])('answers another protocol version 412 naming its own, asking for %s', async (_c, accept) => {
    const reply = await send(editor, 'POST', '/api/files/uploads', {
      headers: { 'Tus-Resumable': '0.2.2', 'Upload-Length': '10', accept },
    })
    expect(reply.status).toBe(412)
    expect(reply.headers.get('tus-version')).toBe('1.0.0')
    if (accept === 'text/plain') {
      expect(reply.headers.get('content-type')).toMatch(/^text\/plain/)
      expect(new TextDecoder().decode(reply.bytes)).toContain('the server supports 1.0.0')
    } else {
      expect(errorCode(reply)).toBe('tusVersionUnsupported')
    }
  })

  it('answers a piece of another content type 415', async () => {
    const created = await createUpload(editor, 10, { filename: 'a.mp3', filetype: 'audio/mpeg' })
    const reply = await send(editor, 'PATCH', created.path, {
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'text/plain' },
      body: new Uint8Array(10),
    })
    expect(reply.status).toBe(415)
    expect(errorCode(reply)).toBe('uploadContentType')
    expect(errorMessage(reply)?.sl).toBeTruthy()
  })

  it('answers a piece that waited too long for its upload 423, to try again', async () => {
    const mp3 = mp3Of(64 * 1024)
    const created = await createUpload(editor, mp3.length, {
      filename: 'a.mp3',
      filetype: 'audio/mpeg',
    })
    // A first piece whose sender went quiet holds the upload.
    const url = new URL(files.server.url)
    const socket = connect(Number(url.port), url.hostname)
    socket.on('error', () => undefined)
    socket.write(
      [
        `PATCH ${created.path} HTTP/1.1`,
        `Host: ${url.host}`,
        `Cookie: ${cookieOf(editor)}`,
        'Tus-Resumable: 1.0.0',
        'Upload-Offset: 0',
        'Content-Type: application/offset+octet-stream',
        `Content-Length: ${mp3.length}`,
        '',
        '',
      ].join('\r\n'),
    )
    socket.write(mp3.subarray(0, 1024))
    await expect.poll(() => files.stagedBytes(created.path)).toBe(1024)
    const reply = await patchUpload(editor, created.path, 0, mp3)
    socket.destroy()
    expect(reply.status).toBe(423)
    expect(errorCode(reply)).toBe('uploadBusy')
    expect(errorMessage(reply)?.sl).toBeTruthy()
  })
})
