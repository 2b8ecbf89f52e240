// The photo galleries over HTTP on both stores (docs/architecture.md#photos,
// docs/access-policy.md#photos): a photo editor uploads an image through the resumable upload and
// adopts it into an album; every served size is made with the camera's orientation applied and
// carries no location or camera metadata; only photo editors edit; a photo someone asked to
// hide is gone (404) for everyone but the editors, who see the request and decide; bad input is
// refused with a bilingual 4xx and changes nothing.
import exifr from 'exifr'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAIL_OUTBOX } from '../src/mail/outbox'
import { STORE_KINDS, openTestStore, snapshot, type Browser, type OpenedStore } from './harness'
import {
  errorCode,
  errorMessage,
  pdfBytes,
  send,
  sha256,
  startFileServer,
  upload,
  type FileServer,
  type Reply,
} from './file-transfer'

/**
 * A 64×32 JPEG as a phone writes it: stored sideways with EXIF orientation 6 (turn right to
 * view), the camera's make and model, and the place it was taken.
 */
async function phoneJpeg(): Promise<Uint8Array> {
  const bytes = await sharp({
    create: { width: 64, height: 32, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '46/1 3/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '14/1 30/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer()
  return new Uint8Array(bytes)
}

const ALBUM = {
  title: { sl: 'Poletni blok', en: 'Summer block' },
  owner: { kind: 'project', ref: 'LFIT2025' },
}

interface PhotoAnswer {
  id: string
  thumb: { url: string; width: number; height: number }
  screen: { url: string; width: number; height: number }
  original?: { url: string }
  hide?: { requestedBy: string; decision?: string } | null
}

describe.each(STORE_KINDS)('photo galleries on the %s store', (kind) => {
  let db: OpenedStore
  let files: FileServer
  let editor: Browser
  let participant: Browser
  let albumId: string

  async function addPhoto(bytes: Uint8Array, name = 'IMG_0001.jpg'): Promise<PhotoAnswer> {
    const uploaded = await upload(editor, name, 'image/jpeg', bytes)
    expect(uploaded.reply.status).toBe(204)
    const added = await editor.post(`/api/photos/albums/${albumId}/photos`, {
      fileId: uploaded.fileId,
    })
    expect(added.status).toBe(200)
    return (added.body as { photo: PhotoAnswer }).photo
  }

  async function photosSeenBy(browser: Browser): Promise<PhotoAnswer[] | number> {
    const reply = await send(browser, 'GET', `/api/photos/albums/${albumId}`)
    if (reply.status !== 200) return reply.status
    return (reply.body as { photos: PhotoAnswer[] }).photos
  }

  beforeEach(async () => {
    db = await openTestStore(kind)
    files = await startFileServer(db)
    editor = await files.server.as('photoEditor')
    participant = await files.server.as('participant')
    const created = await editor.post('/api/photos/albums', ALBUM)
    expect(created.status).toBe(200)
    albumId = (created.body as { album: { id: string } }).album.id
  })

  afterEach(async () => {
    await files.close()
    await db.close()
  })

  it('serves every size turned upright and without location or camera metadata', async () => {
    const original = await phoneJpeg()
    expect((await exifr.parse(Buffer.from(original), { gps: true }))?.latitude).toBeCloseTo(46.05)
    const photo = await addPhoto(original)
    // Stored 64 wide, shown 32 wide: the orientation was applied.
    expect([photo.thumb.width, photo.thumb.height]).toEqual([32, 64])
    for (const size of [photo.thumb, photo.screen]) {
      const reply = await send(participant, 'GET', size.url)
      expect(reply.status).toBe(200)
      expect(reply.headers.get('content-type')).toBe('image/jpeg')
      expect(reply.headers.get('cache-control')).toContain('immutable')
      const tags = await exifr.parse(Buffer.from(reply.bytes), true)
      expect(tags?.latitude).toBeUndefined()
      expect(tags?.GPSLatitude).toBeUndefined()
      expect(tags?.Make).toBeUndefined()
      expect(tags?.Model).toBeUndefined()
      const served = await sharp(reply.bytes).metadata()
      expect([served.width, served.height, served.orientation]).toEqual([32, 64, undefined])
      expect(served.exif).toBeUndefined()
    }
    // The original is kept as uploaded, for the editors only.
    const kept = await send(editor, 'GET', photo.original?.url ?? '')
    expect(kept.status).toBe(200)
    expect(sha256(kept.bytes)).toBe(sha256(original))
    expect((await send(participant, 'GET', photo.original?.url ?? '')).status).toBe(404)
  })

  it('keeps photos out of the file list and the file downloads', async () => {
    const admin = await files.server.as('admin')
    const uploaded = await upload(editor, 'a.jpg', 'image/jpeg', await phoneJpeg())
    await editor.post(`/api/photos/albums/${albumId}/photos`, { fileId: uploaded.fileId })
    const listed = await send(admin, 'GET', '/api/files')
    expect((listed.body as { files: unknown[] }).files).toEqual([])
    expect((await send(admin, 'GET', `/api/files/${uploaded.fileId}`)).status).toBe(404)
    expect((await send(editor, 'GET', `/api/files/${uploaded.fileId}`)).status).toBe(404)
  })

  it('lets a photo editor upload images only', async () => {
    const refused = await upload(editor, 'notes.pdf', 'application/pdf', pdfBytes(2_000))
    expect(refused.reply.status).toBe(415)
    expect(errorMessage(refused.reply)?.en).toContain('JPEG')
    expect(files.storedHashes()).toEqual([])
  })

  it('rotates and crops from the original, which is kept, and drops the old sizes', async () => {
    const photo = await addPhoto(await phoneJpeg())
    const rotated = await editor.post(`/api/photos/photos/${photo.id}/rotate`, { turn: 'right' })
    expect(rotated.status).toBe(200)
    const turned = (rotated.body as { photo: PhotoAnswer }).photo
    expect([turned.thumb.width, turned.thumb.height]).toEqual([64, 32])
    expect(turned.thumb.url).not.toBe(photo.thumb.url)
    const cropped = await editor.post(`/api/photos/photos/${photo.id}/crop`, {
      crop: { x: 0.5, y: 0, width: 0.5, height: 1 },
    })
    const cut = (cropped.body as { photo: PhotoAnswer }).photo
    expect([cut.thumb.width, cut.thumb.height]).toEqual([32, 32])
    const screen = (await send(participant, 'GET', cut.screen.url)).bytes
    const served = await sharp(screen).metadata()
    expect([served.width, served.height]).toEqual([32, 32])
    const thumb = (await send(participant, 'GET', cut.thumb.url)).bytes
    const kept = await send(editor, 'GET', cut.original?.url ?? '')
    expect(sha256(kept.bytes)).toBe(sha256(await phoneJpeg()))
    // The original and the current sizes: the sizes of earlier edits are gone.
    expect(files.storedHashes().sort()).toEqual(
      [...new Set([sha256(kept.bytes), sha256(screen), sha256(thumb)])].sort(),
    )
  })

  it('turns a photo once per rotate sent at once, and keeps only the last sizes', async () => {
    const photo = await addPhoto(await phoneJpeg())
    const turns = await Promise.all(
      [1, 2, 3].map(() => editor.post(`/api/photos/photos/${photo.id}/rotate`, { turn: 'right' })),
    )
    expect(turns.map((turn) => turn.status)).toEqual([200, 200, 200])
    const [seen] = (await photosSeenBy(editor)) as (PhotoAnswer & { rotation: number })[]
    // Three quarter turns right: stored sideways (orientation 6), shown 32 wide, now 64 wide.
    expect(seen?.rotation).toBe(3)
    expect([seen?.thumb.width, seen?.thumb.height]).toEqual([64, 32])
    const kept = await Promise.all(
      [seen?.original?.url, seen?.screen.url, seen?.thumb.url].map(async (url) =>
        sha256((await send(editor, 'GET', url ?? '')).bytes),
      ),
    )
    expect(files.storedHashes().sort()).toEqual([...new Set(kept)].sort())
  })

  it('refuses every edit to a participant (403) and to a visitor (401)', async () => {
    const photo = await addPhoto(await phoneJpeg())
    const other = await editor.post('/api/photos/albums', ALBUM)
    const otherId = (other.body as { album: { id: string } }).album.id
    const edits: [string, string, unknown][] = [
      ['POST', '/api/photos/albums', ALBUM],
      ['POST', `/api/photos/albums/${albumId}`, ALBUM],
      ['DELETE', `/api/photos/albums/${otherId}`, undefined],
      ['POST', `/api/photos/albums/${albumId}/photos`, { fileId: 'AAAAAAAAAAAAAAAAAAAAAA' }],
      ['POST', `/api/photos/albums/${albumId}/order`, { photoIds: [photo.id] }],
      ['POST', `/api/photos/albums/${albumId}/cover`, { photoId: photo.id }],
      ['POST', `/api/photos/photos/${photo.id}/caption`, { caption: { sl: 'x', en: 'x' } }],
      ['POST', `/api/photos/photos/${photo.id}/rotate`, { turn: 'left' }],
      ['POST', `/api/photos/photos/${photo.id}/crop`, { crop: null }],
      ['POST', `/api/photos/photos/${photo.id}/move`, { albumId: otherId }],
      ['POST', `/api/photos/photos/${photo.id}/decide`, { decision: 'shown' }],
      ['DELETE', `/api/photos/photos/${photo.id}`, undefined],
      ['GET', '/api/photos/requests', undefined],
    ]
    const before = await snapshot(db.store, 'photos')
    const visitor = files.server.browser()
    for (const [method, path, body] of edits) {
      for (const [who, status] of [
        [participant, 403],
        [visitor, 401],
      ] as const) {
        const reply: Reply | { status: number; body: unknown } =
          method === 'POST' ? await who.post(path, body) : await send(who, method, path)
        expect(reply.status, `${method} ${path}`).toBe(status)
      }
    }
    expect(await snapshot(db.store, 'photos')).toEqual(before)
    const mediaEditor = await files.server.as('mediaEditor')
    expect((await mediaEditor.post('/api/photos/albums', ALBUM)).status).toBe(403)
  })

  it('hides a photo at once when someone asks, and lists it for the editors to decide', async () => {
    const first = await addPhoto(await phoneJpeg(), 'a.jpg')
    const second = await addPhoto(
      new Uint8Array(
        await sharp({ create: { width: 20, height: 10, channels: 3, background: '#123456' } })
          .jpeg()
          .toBuffer(),
      ),
      'b.jpg',
    )
    const classmate = await files.server.as('educator')
    const asked = await participant.post(`/api/photos/photos/${first.id}/hide`, {})
    expect(asked.status).toBe(200)
    for (const other of [participant, classmate]) {
      expect((await photosSeenBy(other)) as PhotoAnswer[]).toEqual([
        expect.objectContaining({ id: second.id }),
      ])
      expect((await send(other, 'GET', first.thumb.url)).status).toBe(404)
      expect((await send(other, 'GET', first.screen.url)).status).toBe(404)
      expect((await other.post(`/api/photos/photos/${first.id}/hide`, {})).status).toBe(404)
    }
    const editorView = (await photosSeenBy(editor)) as PhotoAnswer[]
    expect(editorView.map((photo) => photo.id)).toEqual([first.id, second.id])
    expect(editorView[0]?.hide).toMatchObject({ requestedBy: 'participant@test.lfit' })
    expect((await send(editor, 'GET', first.thumb.url)).status).toBe(200)
    const requests = await send(editor, 'GET', '/api/photos/requests')
    expect((requests.body as { requests: PhotoAnswer[] }).requests.map((r) => r.id)).toEqual([
      first.id,
    ])
    const mail = await snapshot(db.store, MAIL_OUTBOX)
    expect(mail.map((message) => [message.kind, message.to])).toEqual([
      ['photoHideRequest', 'photoeditor@test.lfit'],
    ])

    const shown = await editor.post(`/api/photos/photos/${first.id}/decide`, { decision: 'shown' })
    expect(shown.status).toBe(200)
    expect(((await photosSeenBy(classmate)) as PhotoAnswer[]).map((p) => p.id)).toEqual([
      first.id,
      second.id,
    ])
  })

  it('refuses bad input with a bilingual 4xx and changes nothing', async () => {
    const photo = await addPhoto(await phoneJpeg())
    const before = await snapshot(db.store, 'photos')
    const cases: [string, string, unknown, number][] = [
      ['GET', '/api/photos/albums/nope', undefined, 404],
      ['GET', `/api/photos/albums/${'A'.repeat(22)}`, undefined, 404],
      ['GET', `/api/photos/files/${photo.id}/huge`, undefined, 404],
      ['GET', '/api/photos/files/..%2F..%2Fetc/thumb', undefined, 404],
      [
        'POST',
        `/api/photos/photos/${photo.id}/crop`,
        { crop: { x: 1e308, y: 0, width: 1e308, height: 1 } },
        400,
      ],
      [
        'POST',
        `/api/photos/photos/${photo.id}/crop`,
        { crop: { x: 0, y: 0, width: -5, height: 1 } },
        400,
      ],
      ['POST', `/api/photos/photos/${photo.id}/rotate`, { turn: 'upside' }, 400],
      [
        'POST',
        `/api/photos/photos/${photo.id}/caption`,
        { caption: { sl: 'x'.repeat(501), en: '' } },
        400,
      ],
      ['POST', `/api/photos/photos/${photo.id}/move`, { albumId: 'x' }, 400],
      ['POST', `/api/photos/photos/${photo.id}/move`, { albumId: 'B'.repeat(22) }, 404],
      ['POST', `/api/photos/albums/${albumId}/photos`, { fileId: 'C'.repeat(22) }, 404],
      ['POST', `/api/photos/albums/${albumId}/photos`, { fileId: 7 }, 400],
      ['POST', `/api/photos/albums/${albumId}/order`, { photoIds: 'all' }, 400],
      [
        'POST',
        '/api/photos/albums',
        { title: { sl: '', en: '' }, owner: { kind: 'x', ref: '' } },
        400,
      ],
      ['DELETE', `/api/photos/albums/${albumId}`, undefined, 409],
      ['POST', `/api/photos/photos/${photo.id}/decide`, { decision: 'shown' }, 404],
    ]
    for (const [method, path, body, status] of cases) {
      const reply =
        method === 'POST' ? await editor.post(path, body) : await send(editor, method, path)
      expect(reply.status, `${method} ${path}`).toBe(status)
      const message = (reply.body as { error?: { message?: { sl: string; en: string } } })?.error
        ?.message
      expect(message?.sl, `${method} ${path}`).toBeTruthy()
      expect(message?.en, `${method} ${path}`).toBeTruthy()
    }
    expect(await snapshot(db.store, 'photos')).toEqual(before)
  })

  it('refuses bytes that only look like a JPEG, and keeps nothing of them', async () => {
    const good = await phoneJpeg()
    // A JPEG's first bytes (so the type is sniffed) followed by nothing an image library reads.
    const broken = new Uint8Array([...good.slice(0, 200), ...new Uint8Array(2_000).fill(7)])
    const uploaded = await upload(editor, 'broken.jpg', 'image/jpeg', broken)
    expect(uploaded.reply.status).toBe(204)
    const added = await editor.post(`/api/photos/albums/${albumId}/photos`, {
      fileId: uploaded.fileId,
    })
    expect(added.status).toBe(415)
    expect(errorCode(added as unknown as Reply)).toBe('photoUnreadable')
    expect(await snapshot(db.store, 'photos')).toEqual([])
    expect(files.storedHashes()).toEqual([])
  })

  it('orders, sets the cover, moves and deletes, leaving no bytes behind', async () => {
    const a = await addPhoto(await phoneJpeg(), 'a.jpg')
    const bBytes = await sharp({
      create: { width: 20, height: 10, channels: 3, background: '#00ff00' },
    })
      .jpeg()
      .toBuffer()
    const b = await addPhoto(new Uint8Array(bBytes), 'b.jpg')
    expect(
      (await editor.post(`/api/photos/albums/${albumId}/order`, { photoIds: [b.id, a.id] })).status,
    ).toBe(200)
    expect(((await photosSeenBy(participant)) as PhotoAnswer[]).map((p) => p.id)).toEqual([
      b.id,
      a.id,
    ])
    expect(
      (await editor.post(`/api/photos/albums/${albumId}/cover`, { photoId: a.id })).status,
    ).toBe(200)
    const albums = await send(participant, 'GET', '/api/photos/albums')
    expect((albums.body as { albums: { cover: { url: string } }[] }).albums[0]?.cover?.url).toBe(
      a.thumb.url,
    )
    const other = await editor.post('/api/photos/albums', {
      ...ALBUM,
      title: { sl: 'Drugi', en: 'Other' },
    })
    const otherId = (other.body as { album: { id: string } }).album.id
    expect(
      (await editor.post(`/api/photos/photos/${a.id}/move`, { albumId: otherId })).status,
    ).toBe(200)
    expect(((await photosSeenBy(participant)) as PhotoAnswer[]).map((p) => p.id)).toEqual([b.id])
    expect((await send(editor, 'DELETE', `/api/photos/photos/${a.id}`)).status).toBe(200)
    expect((await send(editor, 'DELETE', `/api/photos/photos/${b.id}`)).status).toBe(200)
    expect(files.storedHashes()).toEqual([])
    expect((await send(editor, 'DELETE', `/api/photos/albums/${albumId}`)).status).toBe(200)
  })
})
