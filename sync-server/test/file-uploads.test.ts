// Resumable uploads over HTTP on both stores (docs/architecture.md#files): an upload broken at
// half resumes from the offset the server reports and stores exactly the file; bytes that do not
// match the declared type or extension, a file over its kind's limit and names with folders,
// control characters or no end are refused with a bilingual message and store nothing; the same
// content uploaded twice at once is stored once; only file managers upload, each their own.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { STORE_KINDS, openTestStore, snapshot, type Browser, type OpenedStore } from './harness'
import {
  createUpload,
  errorCode,
  errorMessage,
  headUpload,
  mp3Bytes,
  patchUpload,
  pdfBytes,
  patchCutOff,
  pngBytes,
  send,
  sha256,
  startFileServer,
  upload,
  type FileServer,
  type Reply,
} from './file-transfer'

/** A refusal in the API's shape: this code, a message in both languages, never a 500. */
function expectRefusal(reply: Reply, status: number, code: string) {
  expect(reply.status).toBe(status)
  // A HEAD answer has no body to say more.
  if (reply.bytes.length === 0 && status === 404) return
  expect(errorCode(reply)).toBe(code)
  expect(errorMessage(reply)?.sl).toBeTruthy()
  expect(errorMessage(reply)?.en).toBeTruthy()
}

describe.each(STORE_KINDS)('uploads on the %s store', (kind) => {
  let db: OpenedStore
  let files: FileServer
  let editor: Browser

  beforeEach(async () => {
    db = await openTestStore(kind)
    files = await startFileServer(db, { files: { maxBytes: { document: 100_000 } } })
    editor = await files.server.as('mediaEditor')
  })

  afterEach(async () => {
    await files.close()
    await db.close()
  })

  it('resumes an upload interrupted at half from the offset the server reports', async () => {
    const pdf = pdfBytes(64 * 1024)
    const half = pdf.length / 2
    const created = await createUpload(editor, pdf.length, {
      filename: 'Predavanje 3.pdf',
      filetype: 'application/pdf',
    })
    expect(created.reply.status).toBe(201)
    // Same-origin only: tus would otherwise open uploads to every site.
    expect(created.reply.headers.get('access-control-allow-origin')).toBeNull()
    expect(created.path).toMatch(/^\/api\/files\/uploads\/[0-9a-f]{32}$/)

    const first = await patchUpload(editor, created.path, 0, pdf.slice(0, half))
    expect(first.status).toBe(204)
    expect(first.headers.get('upload-offset')).toBe(String(half))

    // The connection dropped: the client asks where to go on, and sends only the rest.
    const head = await headUpload(editor, created.path)
    expect(head.status).toBe(200)
    expect(head.headers.get('upload-offset')).toBe(String(half))
    expect(head.headers.get('upload-length')).toBe(String(pdf.length))
    const rest = await patchUpload(editor, created.path, half, pdf.slice(half))
    expect(rest.status).toBe(204)
    const fileId = rest.headers.get('upload-file-id') ?? ''
    expect(fileId).toMatch(/^[A-Za-z0-9_-]{22}$/)

    const result = await send(editor, 'GET', `${created.path}/result`)
    expect(result.body).toEqual({
      fileId,
      name: 'Predavanje 3.pdf',
      size: pdf.length,
      type: 'application/pdf',
    })
    // A client that lost the last answer learns the same from a HEAD.
    const after = await headUpload(editor, created.path)
    expect(after.headers.get('upload-offset')).toBe(String(pdf.length))
    expect(after.headers.get('upload-file-id')).toBe(fileId)

    const stored = await send(editor, 'GET', `/api/files/${fileId}`)
    expect(stored.status).toBe(200)
    expect(sha256(stored.bytes)).toBe(sha256(pdf))
    expect(files.storedHashes()).toEqual([sha256(pdf)])
  })

  it('resumes after the connection drops halfway through a piece', async () => {
    const pdf = pdfBytes(64 * 1024)
    const half = pdf.length / 2
    const created = await createUpload(editor, pdf.length, { filename: 'Dih.pdf', filetype: '' })
    await patchCutOff(editor, created.path, pdf, half, () => files.stagedBytes(created.path))

    const head = await headUpload(editor, created.path)
    expect(head.headers.get('upload-offset')).toBe(String(half))
    const rest = await patchUpload(editor, created.path, half, pdf.slice(half))
    expect(rest.status).toBe(204)
    const stored = await send(editor, 'GET', `/api/files/${rest.headers.get('upload-file-id')}`)
    expect(sha256(stored.bytes)).toBe(sha256(pdf))
  })

  it('lets the uploader give up an upload', async () => {
    const created = await createUpload(editor, 1000, { filename: 'a.pdf', filetype: '' })
    const reply = await send(editor, 'DELETE', created.path, {
      headers: { 'Tus-Resumable': '1.0.0' },
    })
    expect(reply.status).toBe(204)
    expect((await headUpload(editor, created.path)).status).toBe(404)
    expect(files.stagedBytes(created.path)).toBe(0)
  })

  it('refuses a piece that does not continue where the upload stands', async () => {
    const pdf = pdfBytes(8 * 1024)
    const created = await createUpload(editor, pdf.length, { filename: 'a.pdf', filetype: '' })
    await patchUpload(editor, created.path, 0, pdf.slice(0, 100))
    expectRefusal(await patchUpload(editor, created.path, 0, pdf.slice(0, 100)), 409, 'conflict')
    expect((await headUpload(editor, created.path)).headers.get('upload-offset')).toBe('100')
  })

  it.each([
    ['a PNG renamed to .pdf', 'skripta.pdf', 'application/pdf', pngBytes()],
    ['a PNG renamed to .pdf, no type declared', 'skripta.pdf', '', pngBytes()],
    ['text called a PDF', 'zapiski.pdf', 'application/pdf', new TextEncoder().encode('just text')],
    ['a PDF called an MP3', 'posnetek.mp3', 'audio/mpeg', pdfBytes(2048)],
  ])('refuses %s once its bytes arrive, and keeps nothing', async (_case, name, type, bytes) => {
    const { reply, path } = await upload(editor, name, type, bytes)
    expectRefusal(reply, 415, 'fileTypeMismatch')
    expect(errorMessage(reply)?.en).toContain(name)
    expect(await snapshot(db.store, 'files')).toEqual([])
    expect(files.storedHashes()).toEqual([])
    expectRefusal(await headUpload(editor, path), 404, 'uploadNotFound')
  })

  it('refuses a declared type the name contradicts, before any byte is sent', async () => {
    const { reply } = await createUpload(editor, 100, {
      filename: 'slika.png',
      filetype: 'application/pdf',
    })
    expectRefusal(reply, 415, 'fileTypeMismatch')
  })

  it.each([
    ['an executable', { filename: 'setup.exe', filetype: 'application/x-msdownload' }],
    ['a web page', { filename: 'stran.html', filetype: 'text/html' }],
    ['an SVG image', { filename: 'risba.svg', filetype: 'image/svg+xml' }],
  ])('refuses %s as a type that may not be uploaded', async (_case, metadata) => {
    const { reply } = await createUpload(editor, 100, metadata)
    expectRefusal(reply, 415, 'fileTypeNotAllowed')
    expect(errorMessage(reply)?.sl).toContain('PDF')
  })

  it('refuses a file over its kind’s size limit, and lets other kinds be larger', async () => {
    const { reply } = await createUpload(editor, 100_001, {
      filename: 'knjiga.pdf',
      filetype: 'application/pdf',
    })
    expectRefusal(reply, 413, 'fileTooLarge')
    expect(errorMessage(reply)?.en).toContain('knjiga.pdf')
    const audio = await createUpload(editor, 100_001, {
      filename: 'vaja.mp3',
      filetype: 'audio/mpeg',
    })
    expect(audio.reply.status).toBe(201)
  })

  it('refuses more bytes than the upload declared', async () => {
    const created = await createUpload(editor, 100, {
      filename: 'a.pdf',
      filetype: 'application/pdf',
    })
    const reply = await patchUpload(editor, created.path, 0, pdfBytes(2048))
    expect(reply.status).toBeGreaterThanOrEqual(400)
    expect(reply.status).toBeLessThan(500)
    expect(errorMessage(reply)?.sl).toBeTruthy()
    expect(await snapshot(db.store, 'files')).toEqual([])
  })

  it('stores a file larger than any request body cap sent whole in one request', async () => {
    // 9 MiB: over MAX_BODY_BYTES and over the 8 MiB pieces the app's own client sends.
    const mp3 = Buffer.concat([Buffer.from(mp3Bytes()), Buffer.alloc(9 * 1024 * 1024)])
    const { reply, fileId } = await upload(editor, 'Vaja.mp3', 'audio/mpeg', mp3)
    expect(reply.status).toBe(204)
    const stored = await send(editor, 'GET', `/api/files/${fileId}`)
    expect(sha256(stored.bytes)).toBe(sha256(mp3))
  })

  it.each([
    ['a path up the tree', { filename: '../../etc/passwd.pdf', filetype: 'application/pdf' }],
    ['a Windows path', { filename: '..\\..\\win.ini.pdf', filetype: 'application/pdf' }],
    ['a folder', { filename: 'mapa/skripta.pdf', filetype: 'application/pdf' }],
    ['a NUL', { filename: 'skripta\u0000.pdf', filetype: 'application/pdf' }],
    ['a very long name', { filename: `${'a'.repeat(5000)}.pdf`, filetype: 'application/pdf' }],
    ['no extension', { filename: 'skripta', filetype: 'application/pdf' }],
    ['no name', { filetype: 'application/pdf' }],
  ])('refuses a name with %s', async (_case, metadata) => {
    const { reply } = await createUpload(editor, 100, metadata as Record<string, string>)
    expectRefusal(reply, 400, 'fileNameInvalid')
  })

  it.each([
    ['metadata that is not base64', 'filename ***'],
    ['no metadata', ''],
  ])('answers %s with a bilingual 4xx', async (_case, metadata) => {
    const { reply } = await createUpload(editor, 100, metadata)
    expect(reply.status).toBeGreaterThanOrEqual(400)
    expect(reply.status).toBeLessThan(500)
    expect(errorMessage(reply)?.en).toBeTruthy()
  })

  it.each([
    ['no Tus-Resumable', 'POST', { 'Upload-Length': '10' }],
    ['a concatenation', 'POST', { 'Upload-Length': '10', 'Upload-Concat': 'partial' }],
    ['both lengths', 'POST', { 'Upload-Length': '10', 'Upload-Defer-Length': '1' }],
    ['a length given later', 'POST', { 'Upload-Defer-Length': '1' }],
    ['a negative length', 'POST', { 'Upload-Length': '-5' }],
    ['a length that is not a number', 'POST', { 'Upload-Length': 'veliko' }],
    ['an offset that is not a number', 'PATCH', { 'Upload-Offset': 'deset' }],
    ['no offset', 'PATCH', {}],
    [
      'a piece that is not raw bytes',
      'PATCH',
      { 'Upload-Offset': '0', 'Content-Type': 'text/plain' },
    ],
  ] as const)('answers a request with %s with a bilingual 4xx', async (_case, method, headers) => {
    const created = await createUpload(editor, 100, { filename: 'a.pdf', filetype: '' })
    const path = method === 'POST' ? '/api/files/uploads' : created.path
    const tus: Record<string, string> =
      _case === 'no Tus-Resumable' ? {} : { 'Tus-Resumable': '1.0.0' }
    const reply = await send(editor, method, path, {
      headers: {
        'Upload-Metadata': `filename ${Buffer.from('a.pdf').toString('base64')}`,
        'Content-Type': 'application/offset+octet-stream',
        ...tus,
        ...headers,
      },
      body: method === 'PATCH' ? new Uint8Array(10) : undefined,
    })
    expect(reply.status).toBeGreaterThanOrEqual(400)
    expect(reply.status).toBeLessThan(500)
    expect(errorMessage(reply)?.sl).toBeTruthy()
  })

  it.each(['..%2F..%2Fetc%2Fpasswd', '%2E%2E%5C..%5Cx', 'not-an-upload', '0'.repeat(31)])(
    'knows no upload called %j',
    async (id) => {
      const reply = await patchUpload(editor, `/api/files/uploads/${id}`, 0, new Uint8Array(10))
      expectRefusal(reply, 404, 'uploadNotFound')
    },
  )

  it('stores the same content uploaded twice at once only once', async () => {
    const other = await files.server.as('librarian')
    const pdf = pdfBytes(32 * 1024)
    const [a, b] = await Promise.all([
      upload(editor, 'Skripta.pdf', 'application/pdf', pdf),
      upload(other, 'Skripta (kopija).pdf', 'application/pdf', pdf),
    ])
    expect([a.reply.status, b.reply.status]).toEqual([204, 204])
    expect(a.fileId).not.toBe(b.fileId)
    const records = await snapshot(db.store, 'files')
    expect(records.map((record) => record.hash)).toEqual([sha256(pdf), sha256(pdf)])
    expect(files.storedHashes()).toEqual([sha256(pdf)])
  })

  it('lets only signed-in file managers upload, each resuming only their own uploads', async () => {
    const metadata = { filename: 'a.mp3', filetype: 'audio/mpeg' }
    expectRefusal(
      (await createUpload(files.server.browser(), 10, metadata)).reply,
      401,
      'notLoggedIn',
    )
    const participant = await files.server.as('participant')
    expectRefusal((await createUpload(participant, 10, metadata)).reply, 403, 'forbidden')

    const mp3 = mp3Bytes()
    const created = await createUpload(editor, mp3.length, metadata)
    const librarian = await files.server.as('librarian')
    expectRefusal(await patchUpload(librarian, created.path, 0, mp3), 404, 'uploadNotFound')
    expectRefusal(await headUpload(librarian, created.path), 404, 'uploadNotFound')
    expect((await patchUpload(editor, created.path, 0, mp3)).status).toBe(204)
  })

  it('refuses an upload from another site', async () => {
    const reply = await send(editor, 'POST', '/api/files/uploads', {
      origin: 'https://evil.example',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10' },
    })
    expectRefusal(reply, 403, 'foreignOrigin')
  })
})
