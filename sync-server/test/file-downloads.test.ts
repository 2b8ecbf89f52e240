// Downloads and file management over HTTP on both stores (docs/architecture.md#files): a file is
// served only to whoever the access port allows, and a guessed or forbidden id looks exactly like
// an unknown one; ranges answer 206 with exactly those bytes, the hash is the ETag and answers
// 304; the original name travels in Content-Disposition (a document always as an attachment),
// with nosniff, and text with its charset. File managers list the
// files with their uses and delete one only while nothing uses it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Session } from '../src/auth/session'
import type { FileAccess, FileMeta, FileUse } from '../src/files/access'
import { hasAnyRole } from '@lfit/domain/access/roles'
import { FILE_MANAGER_ROLES } from '@lfit/domain/materials/access'
import { STORE_KINDS, openTestStore, snapshot, type Browser, type OpenedStore } from './harness'
import {
  errorCode,
  errorMessage,
  mp3Bytes,
  pdfBytes,
  pngBytes,
  send,
  sha256,
  startFileServer,
  upload,
  type FileServer,
} from './file-transfer'

describe.each(STORE_KINDS)('downloads on the %s store', (kind) => {
  let db: OpenedStore
  let files: FileServer
  let editor: Browser
  /** What the materials would say: the uses of each file, and who else may read it. */
  const uses = new Map<string, FileUse[]>()
  const readers = new Set<string>()
  const access: FileAccess = {
    async mayDownload(session: Session | null, file: FileMeta) {
      if (!session) return false
      if (readers.has(`${session.user.username} ${file._id}`)) return true
      return (
        session.user.username === file.uploadedBy ||
        hasAnyRole({ roles: session.roles }, FILE_MANAGER_ROLES)
      )
    },
    async usesOf(ids) {
      return new Map(ids.filter((id) => uses.has(id)).map((id) => [id, uses.get(id) ?? []]))
    },
  }
  const pdf = pdfBytes(40_000)
  let fileId: string
  const get = (browser: Browser, headers: Record<string, string> = {}, id = fileId) =>
    send(browser, 'GET', `/api/files/${id}`, { headers })

  beforeEach(async () => {
    uses.clear()
    readers.clear()
    db = await openTestStore(kind)
    files = await startFileServer(db, { fileAccess: access })
    editor = await files.server.as('mediaEditor')
    const uploaded = await upload(editor, 'Šola dihanja (1).pdf', 'application/pdf', pdf)
    expect(uploaded.reply.status).toBe(204)
    fileId = uploaded.fileId
  })

  afterEach(async () => {
    await files.close()
    await db.close()
  })

  it('serves the file with its type, its name, nosniff and its hash as the ETag', async () => {
    const reply = await get(editor)
    expect(reply.status).toBe(200)
    expect(sha256(reply.bytes)).toBe(sha256(pdf))
    expect(reply.headers.get('content-type')).toBe('application/pdf')
    expect(reply.headers.get('content-length')).toBe(String(pdf.length))
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff')
    expect(reply.headers.get('etag')).toBe(`"${sha256(pdf)}"`)
    expect(reply.headers.get('accept-ranges')).toBe('bytes')
    expect(reply.headers.get('content-disposition')).toBe(
      `attachment; filename="_ola dihanja (1).pdf"; filename*=UTF-8''%C5%A0ola%20dihanja%20%281%29.pdf`,
    )
    const saved = await send(editor, 'GET', `/api/files/${fileId}?download`)
    expect(saved.headers.get('content-disposition')).toMatch(/^attachment; /)
  })

  // A document is never shown as a page of the app's origin (a PDF's scripts, an EPUB's HTML);
  // media and images play and show in place; text says its encoding.
  it.each([
    ['notes.pdf', 'application/pdf', 'application/pdf', 'attachment', pdfBytes(2_000)],
    [
      'podnapisi.vtt',
      'text/vtt',
      'text/vtt; charset=utf-8',
      'attachment',
      new TextEncoder().encode('WEBVTT\n\n00:00.000 --> 00:01.000\nŠola dihanja\n'),
    ],
    ['vaja.mp3', 'audio/mpeg', 'audio/mpeg', 'inline', mp3Bytes()],
    ['slika.png', 'image/png', 'image/png', 'inline', pngBytes()],
  ])('serves %s (%s) as %s, %s', async (name, type, contentType, disposition, bytes) => {
    const uploaded = await upload(editor, name, type, bytes)
    expect(uploaded.reply.status).toBe(204)
    const reply = await get(editor, {}, uploaded.fileId)
    expect(reply.status).toBe(200)
    expect(reply.headers.get('content-type')).toBe(contentType)
    expect(reply.headers.get('content-disposition')).toMatch(new RegExp(`^${disposition}; `))
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('answers 304 to a copy that is still current, and the file to a stale one', async () => {
    const etag = `"${sha256(pdf)}"`
    const current = await get(editor, { 'If-None-Match': etag })
    expect(current.status).toBe(304)
    expect(current.bytes.length).toBe(0)
    expect(current.headers.get('etag')).toBe(etag)
    expect((await get(editor, { 'If-None-Match': `W/${etag}, "other"` })).status).toBe(304)
    expect((await get(editor, { 'If-None-Match': '"stale"' })).status).toBe(200)
  })

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=1000-1999', 1000, 1999],
    ['bytes=39990-', 39990, 39999],
    ['bytes=-10', 39990, 39999],
    ['bytes=39000-99999', 39000, 39999],
  ])('answers %s with 206 and exactly those bytes', async (range, start, end) => {
    const reply = await get(editor, { Range: range })
    expect(reply.status).toBe(206)
    expect(reply.headers.get('content-range')).toBe(`bytes ${start}-${end}/${pdf.length}`)
    expect(reply.headers.get('content-length')).toBe(String(end - start + 1))
    expect(Buffer.from(reply.bytes).equals(Buffer.from(pdf.slice(start, end + 1)))).toBe(true)
  })

  it('answers a range past the end with 416, and a range of another version whole', async () => {
    const past = await get(editor, { Range: 'bytes=50000-' })
    expect(past.status).toBe(416)
    expect(past.headers.get('content-range')).toBe(`bytes */${pdf.length}`)
    expect(errorMessage(past)?.sl).toBeTruthy()
    const changed = await get(editor, { Range: 'bytes=0-9', 'If-Range': '"other"' })
    expect(changed.status).toBe(200)
    expect(changed.bytes.length).toBe(pdf.length)
  })

  it('gives a participant who guesses an id what it gives for an unknown id', async () => {
    const participant = await files.server.as('participant')
    const forbidden = await get(participant)
    const unknown = await get(participant, {}, 'AAAAAAAAAAAAAAAAAAAAAA')
    const visitor = await get(files.server.browser())
    for (const reply of [forbidden, unknown, visitor]) {
      expect(reply.status).toBe(404)
      expect(errorCode(reply)).toBe('fileNotFound')
      expect(reply.bytes).toEqual(unknown.bytes)
    }
    for (const id of ['..%2F..%2Fetc%2Fpasswd', sha256(pdf), 'x'.repeat(300)]) {
      expect(errorCode(await get(editor, {}, id))).toBe('fileNotFound')
    }
    // Nor is the metadata a way round: the data API knows no such collection, even for an admin.
    const admin = await files.server.as('admin')
    const listed = await admin.db('files', 'find', { query: {} })
    expect(listed.status).toBe(404)
    expect(JSON.stringify(listed.body)).not.toContain(fileId)
    // Once the access port says the participant may read it (a material of their year lists it):
    readers.add(`participant@test.lfit ${fileId}`)
    expect(sha256((await get(participant)).bytes)).toBe(sha256(pdf))
    expect((await get(participant, { Range: 'bytes=0-3' })).status).toBe(206)
  })

  it('lists the files for the file managers, with who uploaded them and where they are used', async () => {
    uses.set(fileId, [{ collection: 'materials', id: 'm1', title: 'Dihanje 1' }])
    const reply = await send(editor, 'GET', '/api/files')
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({
      files: [
        {
          fileId,
          name: 'Šola dihanja (1).pdf',
          size: pdf.length,
          type: 'application/pdf',
          kind: 'document',
          uploadedBy: 'mediaeditor@test.lfit',
          uploaderName: 'mediaEditor Test',
          uploadedAt: files.server.clock.now,
          uses: [{ collection: 'materials', id: 'm1', title: 'Dihanje 1' }],
        },
      ],
    })
    const participant = await files.server.as('participant')
    expect(errorCode(await send(participant, 'GET', '/api/files'))).toBe('forbidden')
  })

  it('deletes a file only while nothing uses it, and its bytes once no record names them', async () => {
    uses.set(fileId, [{ collection: 'materials', id: 'm1', title: 'Dihanje 1' }])
    const refused = await send(editor, 'DELETE', `/api/files/${fileId}`)
    expect(refused.status).toBe(409)
    expect(errorCode(refused)).toBe('fileInUse')
    expect(errorMessage(refused)?.sl).toContain('Dihanje 1')
    expect(files.storedHashes()).toEqual([sha256(pdf)])

    // The same content under a second name keeps the bytes when the first record goes.
    const copy = await upload(editor, 'kopija.pdf', 'application/pdf', pdf)
    uses.clear()
    expect((await send(editor, 'DELETE', `/api/files/${fileId}`)).status).toBe(200)
    expect(errorCode(await get(editor))).toBe('fileNotFound')
    expect(files.storedHashes()).toEqual([sha256(pdf)])
    expect((await send(editor, 'DELETE', `/api/files/${copy.fileId}`)).status).toBe(200)
    expect(files.storedHashes()).toEqual([])
    expect(await snapshot(db.store, 'files')).toEqual([])

    const participant = await files.server.as('participant')
    const other = await upload(editor, 'vaja.mp3', 'audio/mpeg', mp3Bytes())
    expect(errorCode(await send(participant, 'DELETE', `/api/files/${other.fileId}`))).toBe(
      'forbidden',
    )
    expect(errorCode(await send(editor, 'DELETE', '/api/files/AAAAAAAAAAAAAAAAAAAAAA'))).toBe(
      'fileNotFound',
    )
  })
})
