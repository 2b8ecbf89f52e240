// Photo work over HTTP (docs/0032-image-work-is-queued-and-shared-bytes-are-kept.md): with one
// turn and no queue, rotates sent at once beyond the one being made are answered 503 with
// Retry-After and a bilingual message, and a refused rotate turns nothing.
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MSGPACK, pack } from '../src/http/msgpack'
import { STORE_KINDS, openTestStore, type Browser, type OpenedStore } from './harness'
import {
  errorCode,
  errorMessage,
  send,
  startFileServer,
  upload,
  type FileServer,
} from './file-transfer'

describe.each(STORE_KINDS)('photo work queued full on the %s store', (kind) => {
  let db: OpenedStore
  let files: FileServer
  let editor: Browser

  beforeEach(async () => {
    db = await openTestStore(kind)
    files = await startFileServer(db, { images: { concurrency: 1, queueLength: 0 } })
    editor = await files.server.as('photoEditor')
  })

  afterEach(async () => {
    await files.close()
    await db.close()
  })

  it('answers 503 with Retry-After beyond the turn being made, and the refused turn nothing', async () => {
    const created = await editor.post('/api/photos/albums', {
      title: { sl: 'Vrsta', en: 'Queue' },
      owner: { kind: 'project', ref: 'LFIT2025' },
    })
    const albumId = (created.body as { album: { id: string } }).album.id
    const image = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: '#884422' },
    })
      .jpeg()
      .toBuffer()
    const uploaded = await upload(editor, 'a.jpg', 'image/jpeg', new Uint8Array(image))
    const added = await editor.post(`/api/photos/albums/${albumId}/photos`, {
      fileId: uploaded.fileId,
    })
    const photoId = (added.body as { photo: { id: string } }).photo.id
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        send(editor, 'POST', `/api/photos/photos/${photoId}/rotate`, {
          headers: { 'content-type': MSGPACK },
          body: pack({ turn: 'right' }),
        }),
      ),
    )
    const refused = replies.filter((reply) => reply.status === 503)
    const turned = replies.filter((reply) => reply.status === 200)
    expect(refused.length).toBeGreaterThan(0)
    expect(refused.length + turned.length).toBe(6)
    for (const reply of refused) {
      expect(reply.headers.get('retry-after')).toBe('2')
      expect(errorCode(reply)).toBe('photoWorkBusy')
      expect(errorMessage(reply)?.sl).toBeTruthy()
      expect(errorMessage(reply)?.en).toBeTruthy()
    }
    const album = await send(editor, 'GET', `/api/photos/albums/${albumId}`)
    const [seen] = (album.body as { photos: { rotation: number }[] }).photos
    expect(seen?.rotation).toBe(turned.length % 4)
  })
})
