// Unfinished uploads are bounded (docs/0031-bounded-uploads.md): each uploader may hold so many
// and so many declared bytes, everyone together so many bytes, and none starts when it would
// leave the disk under its floor; each refusal is bilingual (413 for the uploader's share, 507
// for the server's room) and stages nothing. Finished and given-up uploads stop counting, and a
// timer removes the uploads nobody finished in time, with no new upload needed to start it.
import { afterEach, describe, expect, it } from 'vitest'
import type { Config } from '../src/config'
import { openTestStore, type OpenedStore } from './harness'
import {
  createUpload,
  errorCode,
  errorMessage,
  headUpload,
  patchUpload,
  pdfBytes,
  send,
  startFileServer,
  upload,
  type FileServer,
  type Reply,
} from './file-transfer'

const GIB = 1024 * 1024 * 1024
const TUS = { 'Tus-Resumable': '1.0.0' }
const video = (name: string) => ({ filename: name, filetype: 'video/mp4' })

function expectRefusal(reply: Reply, status: number, code: string, name: string) {
  expect(reply.status).toBe(status)
  expect(errorCode(reply)).toBe(code)
  expect(errorMessage(reply)?.sl).toContain(name)
  expect(errorMessage(reply)?.en).toContain(name)
}

describe('bounded staging of unfinished uploads', () => {
  let db: OpenedStore
  let files: FileServer

  async function start(uploads: Partial<Config['uploads']>) {
    db = await openTestStore('embedded')
    files = await startFileServer(db, { uploads: { minFreeDiskBytes: 0, ...uploads } })
    return {
      editor: await files.server.as('mediaEditor'),
      librarian: await files.server.as('librarian'),
    }
  }

  afterEach(async () => {
    await files.close()
    await db.close()
  })

  it('refuses the issue’s 200 creates of 4 GiB at the default caps, with 2 MB staged each', async () => {
    const { editor } = await start({})
    const replies: Reply[] = []
    for (let i = 0; i < 200; i++) {
      const created = await createUpload(editor, 4 * GIB, video(`v${i}.mp4`))
      replies.push(created.reply)
      if (created.reply.status !== 201) break
      await patchUpload(editor, created.path, 0, new Uint8Array(2_000_000))
    }
    // Two videos of the largest size fit one uploader's 8 GiB; the third is refused.
    expect(replies.map((reply) => reply.status)).toEqual([201, 201, 413])
    expectRefusal(replies[2] as Reply, 413, 'uploadQuotaExceeded', 'v2.mp4')
  })

  it.each([
    [
      'more unfinished uploads than one uploader may hold',
      { stagedMaxCountPerUser: 2 },
      [100, 100],
      100,
      413,
      'uploadQuotaExceeded',
    ],
    [
      'more declared bytes than one uploader may hold',
      { stagedMaxBytesPerUser: 1000 },
      [600],
      401,
      413,
      'uploadQuotaExceeded',
    ],
    [
      'more declared bytes than all uploads together may hold',
      { stagedMaxBytes: 1000 },
      [600],
      401,
      507,
      'uploadStorageFull',
    ],
    [
      'an upload that would leave the disk under its floor',
      { minFreeDiskBytes: Number.MAX_SAFE_INTEGER },
      [],
      100,
      507,
      'uploadStorageFull',
    ],
  ] as const)('refuses %s', async (_case, uploads, before, size, status, code) => {
    const { editor } = await start(uploads)
    for (const [i, length] of before.entries()) {
      expect((await createUpload(editor, length, video(`prej${i}.mp4`))).reply.status).toBe(201)
    }
    const refused = await createUpload(editor, size, video('Zavrnjen.mp4'))
    expectRefusal(refused.reply, status, code, 'Zavrnjen.mp4')
    expect(refused.path).toBe('')
  })

  it('counts each uploader’s share apart, and frees it when an upload is finished or given up', async () => {
    const { editor, librarian } = await start({ stagedMaxCountPerUser: 2 })
    const first = await createUpload(editor, 1000, video('a.mp4'))
    await createUpload(editor, 1000, video('b.mp4'))
    expect((await createUpload(editor, 1000, video('c.mp4'))).reply.status).toBe(413)
    // Someone else's share is their own.
    expect((await createUpload(librarian, 1000, video('d.mp4'))).reply.status).toBe(201)

    const given = await send(editor, 'DELETE', first.path, { headers: TUS })
    expect(given.status).toBe(204)
    expect((await createUpload(editor, 1000, video('c.mp4'))).reply.status).toBe(201)

    // A finished upload holds no place: the librarian's second finishes, and then a new one fits.
    const pdf = pdfBytes(4096)
    const done = await upload(librarian, 'Skripta.pdf', 'application/pdf', pdf)
    expect(done.reply.status).toBe(204)
    expect((await createUpload(librarian, 1000, video('e.mp4'))).reply.status).toBe(201)
  })

  it('sweeps an upload nobody finished in time on its timer, and frees its place', async () => {
    const { editor } = await start({
      stagedMaxCountPerUser: 1,
      stagedForMs: 60_000,
      sweepEveryMs: 1_000,
    })
    const created = await createUpload(editor, 1000, video('Pozabljen.mp4'))
    await patchUpload(editor, created.path, 0, new Uint8Array(100))
    expect(files.stagedBytes(created.path)).toBe(100)

    files.server.clock.advance(60_001)
    // No request is made: the timer alone removes it.
    await expect.poll(() => files.stagedFiles(), { timeout: 5_000 }).toEqual([])
    expect((await headUpload(editor, created.path)).status).toBe(404)
    expect((await createUpload(editor, 1000, video('Nov.mp4'))).reply.status).toBe(201)
  })
})
