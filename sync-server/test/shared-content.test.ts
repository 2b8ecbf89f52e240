// Stored bytes are addressed by their content (docs/0013), so one content can be held by records
// of every kind at once: a /dir file, a material's file, a photo's original, its thumbnail and its
// screen size. Removing one holder (a /dir delete, a photo delete, a rotate that drops the old
// sizes) never removes bytes another still holds, not even a holder being saved in that instant;
// the last holder's removal does remove them
// (docs/0032-image-work-is-queued-and-shared-bytes-are-kept.md).
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { emptyMaterial } from '@lfit/domain/materials/material'
import type { Doc } from '../src/store/port'
import { STORE_KINDS, openTestStore, type Browser, type OpenedStore } from './harness'
import { send, sha256, startFileServer, upload, type FileServer, type Reply } from './file-transfer'

interface PhotoAnswer {
  id: string
  thumb: { url: string }
  screen: { url: string }
  original?: { url: string }
}

/** A holder of some content: the bytes it holds, and how its user reads them back. */
interface Held {
  bytes: Uint8Array
  read: () => Promise<Reply>
}

describe.each(STORE_KINDS)('content shared between holders on the %s store', (kind) => {
  let db: OpenedStore
  let files: FileServer
  let admin: Browser
  let editor: Browser
  let albumId: string

  const jpeg = async () =>
    new Uint8Array(
      await sharp({ create: { width: 48, height: 24, channels: 3, background: '#3a7d44' } })
        .jpeg()
        .toBuffer(),
    )

  async function dirFile(bytes: Uint8Array, name = 'copy.jpg'): Promise<string> {
    const uploaded = await upload(admin, name, 'image/jpeg', bytes)
    expect(uploaded.reply.status).toBe(204)
    return uploaded.fileId
  }

  async function addPhoto(bytes: Uint8Array): Promise<PhotoAnswer> {
    const uploaded = await upload(editor, 'IMG_0001.jpg', 'image/jpeg', bytes)
    expect(uploaded.reply.status).toBe(204)
    const added = await editor.post(`/api/photos/albums/${albumId}/photos`, {
      fileId: uploaded.fileId,
    })
    expect(added.status).toBe(200)
    return (added.body as { photo: PhotoAnswer }).photo
  }

  async function heldByPhoto(size: 'original' | 'thumb' | 'screen'): Promise<Held> {
    const photo = await addPhoto(await jpeg())
    const url = (size === 'original' ? photo.original?.url : photo[size].url) ?? ''
    const read = () => send(editor, 'GET', url)
    return { bytes: (await read()).bytes, read }
  }

  const holders: [string, () => Promise<Held>][] = [
    [
      'a /dir file',
      async () => {
        const bytes = await jpeg()
        const fileId = await dirFile(bytes, 'kept.jpg')
        return { bytes, read: () => send(admin, 'GET', `/api/files/${fileId}`) }
      },
    ],
    [
      "a material's file",
      async () => {
        const bytes = await jpeg()
        const fileId = await dirFile(bytes, 'listed.jpg')
        await db.store.collection('materials').insert({
          ...emptyMaterial('m1'),
          titleSl: 'Gradivo',
          files: [{ fileId, name: 'listed.jpg', size: bytes.length, type: 'image/jpeg' }],
        } as unknown as Doc)
        // The material holds it: the file itself cannot be deleted while it is listed.
        expect((await send(admin, 'DELETE', `/api/files/${fileId}`)).status).toBe(409)
        return { bytes, read: () => send(admin, 'GET', `/api/files/${fileId}`) }
      },
    ],
    ["a photo's original", () => heldByPhoto('original')],
    ["a photo's thumbnail", () => heldByPhoto('thumb')],
    ["a photo's screen size", () => heldByPhoto('screen')],
  ]

  const removals: [string, (bytes: Uint8Array) => Promise<void>][] = [
    [
      'a /dir file of the same bytes is deleted',
      async (bytes) => {
        const fileId = await dirFile(bytes)
        expect((await send(admin, 'DELETE', `/api/files/${fileId}`)).status).toBe(200)
      },
    ],
    [
      'a photo of the same bytes is deleted',
      async (bytes) => {
        const photo = await addPhoto(bytes)
        expect((await send(editor, 'DELETE', `/api/photos/photos/${photo.id}`)).status).toBe(200)
      },
    ],
  ]

  beforeEach(async () => {
    db = await openTestStore(kind)
    files = await startFileServer(db)
    admin = await files.server.as('admin')
    editor = await files.server.as('photoEditor')
    const created = await editor.post('/api/photos/albums', {
      title: { sl: 'Skupni', en: 'Shared' },
      owner: { kind: 'project', ref: 'LFIT2025' },
    })
    albumId = (created.body as { album: { id: string } }).album.id
  })

  afterEach(async () => {
    await files.close()
    await db.close()
  })

  const cases = holders.flatMap(([holder, hold]) =>
    removals.map(([removal, remove]) => [holder, removal, hold, remove] as const),
  )

  it.each(cases)('keeps the bytes of %s when %s', async (_holder, _removal, hold, remove) => {
    const held = await hold()
    expect(held.bytes.length).toBeGreaterThan(0)
    await remove(held.bytes)
    const reply = await held.read()
    expect(reply.status).toBe(200)
    expect(sha256(reply.bytes)).toBe(sha256(held.bytes))
    expect(files.storedHashes()).toContain(sha256(held.bytes))
  })

  it("keeps another photo's sizes when a photo of the same bytes is rotated", async () => {
    const bytes = await jpeg()
    const kept = await addPhoto(bytes)
    const twin = await addPhoto(bytes)
    const version = (url: string) => new URL(url, 'http://x').searchParams.get('v')
    expect(version(twin.thumb.url)).toBe(version(kept.thumb.url))
    expect(
      (await editor.post(`/api/photos/photos/${twin.id}/rotate`, { turn: 'left' })).status,
    ).toBe(200)
    for (const url of [kept.thumb.url, kept.screen.url, kept.original?.url ?? '']) {
      expect((await send(editor, 'GET', url)).status, url).toBe(200)
    }
  })

  it('removes the bytes once their last holder goes', async () => {
    const bytes = await jpeg()
    const photo = await addPhoto(bytes)
    const fileId = await dirFile(bytes)
    expect((await send(admin, 'DELETE', `/api/files/${fileId}`)).status).toBe(200)
    expect(files.storedHashes()).toContain(sha256(bytes))
    expect((await send(editor, 'DELETE', `/api/photos/photos/${photo.id}`)).status).toBe(200)
    expect(files.storedHashes()).toEqual([])
  })
})

describe.each(STORE_KINDS)('bytes removed while a photo is being saved, %s store', (kind) => {
  let db: OpenedStore
  let files: FileServer
  /** Runs after the file store stored bytes, before the put answers: a removal in between. */
  let afterPut: ((hash: string) => Promise<void>) | null = null

  beforeEach(async () => {
    db = await openTestStore(kind)
    files = await startFileServer(db, {
      wrapFiles: (store) => ({
        ...store,
        async put(source) {
          const stored = await store.put(source)
          await afterPut?.(stored.hash)
          return stored
        },
      }),
    })
  })

  afterEach(async () => {
    afterPut = null
    await files.close()
    await db.close()
  })

  it("puts a new size back when a /dir file of the same bytes is deleted before the photo's save", async () => {
    const admin = await files.server.as('admin')
    const editor = await files.server.as('photoEditor')
    const created = await editor.post('/api/photos/albums', {
      title: { sl: 'Dvojčka', en: 'Twins' },
      owner: { kind: 'project', ref: 'LFIT2025' },
    })
    const albumId = (created.body as { album: { id: string } }).album.id
    const bytes = new Uint8Array(
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa3355' } })
        .jpeg()
        .toBuffer(),
    )
    const add = async () => {
      const uploaded = await upload(editor, 'IMG.jpg', 'image/jpeg', bytes)
      const added = await editor.post(`/api/photos/albums/${albumId}/photos`, {
        fileId: uploaded.fileId,
      })
      return (added.body as { photo: PhotoAnswer }).photo
    }
    const first = await add()
    const twin = await add()
    // The thumbnail a quarter turn makes, learnt from the first photo, which then turns back:
    // now only a /dir file of the same bytes holds them.
    const turned = await editor.post(`/api/photos/photos/${first.id}/rotate`, { turn: 'right' })
    const thumb = (
      await send(editor, 'GET', (turned.body as { photo: PhotoAnswer }).photo.thumb.url)
    ).bytes
    await editor.post(`/api/photos/photos/${first.id}/rotate`, { turn: 'left' })
    const { fileId } = await upload(admin, 'thumb.jpg', 'image/jpeg', thumb)
    expect(files.storedHashes()).toContain(sha256(thumb))
    afterPut = async (hash) => {
      if (hash !== sha256(thumb)) return
      afterPut = null
      expect((await send(admin, 'DELETE', `/api/files/${fileId}`)).status).toBe(200)
    }

    const rotated = await editor.post(`/api/photos/photos/${twin.id}/rotate`, { turn: 'right' })
    expect(rotated.status).toBe(200)
    expect(afterPut).toBeNull()
    const served = await send(
      editor,
      'GET',
      (rotated.body as { photo: PhotoAnswer }).photo.thumb.url,
    )
    expect(served.status).toBe(200)
    expect(sha256(served.bytes)).toBe(sha256(thumb))
  })
})
