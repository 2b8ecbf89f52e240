// Recordings and personal notes over HTTP on both stores (docs/product-rules.md#recordings): a
// recording is material, so its media and its subtitle files open exactly to whoever may read it
// (and to nobody once it is withdrawn); a .vtt upload is stored only when it is WebVTT; a
// person's notes and where they stopped reach their own devices only, never another user's
// (admins included), through neither pull nor the data API, and an edit of a note goes through
// upsertBatch like attendance.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import type {
  Mutation,
  PullResponse,
  PushResponse,
  SyncCollection,
} from '@lfit/domain/sync/protocol'
import { STORE_KINDS, openTestStore, userFor, type Browser, type OpenedStore } from './harness'
import {
  errorCode,
  errorMessage,
  mp3Bytes,
  send,
  startFileServer,
  upload,
  type FileServer,
} from './file-transfer'

const NOW = Date.UTC(2026, 10, 23, 11, 0)
const PARTICIPANT = userFor('participant').username
const text = (value: string) => new TextEncoder().encode(value)
const VTT = 'WEBVTT\n\n00:00.000 --> 00:02.000\nDober dan\n'

let counter = 0
function mutation(
  collection: SyncCollection,
  recordId: string,
  fields: Record<string, unknown>,
): Mutation {
  counter += 1
  return {
    id: `m-${counter}-${Math.random().toString(36).slice(2)}`,
    collection,
    recordId,
    hlc: encodeHlc({ wall: NOW + counter, counter: 0, node: 'phone-1' }),
    deviceId: 'phone-1',
    fields,
  }
}

async function push(browser: Browser, batch: Mutation[]) {
  const answer = await browser.db(batch[0]!.collection, 'upsertBatch', { v: 1, batch })
  expect(answer.status).toBe(200)
  return (answer.body as PushResponse).results
}

async function pullAll(browser: Browser) {
  const pages: PullResponse[] = []
  for (;;) {
    const answer = await browser.db('mediaNotes', 'pull', {
      v: 1,
      cursor: pages.at(-1)?.cursor ?? null,
    })
    expect(answer.status).toBe(200)
    pages.push(answer.body as PullResponse)
    if (!pages.at(-1)!.more) return pages
  }
}

const idsOf = (pages: PullResponse[], collection: SyncCollection) =>
  pages.flatMap((page) => page.changes[collection].map((record) => record._id))

describe.each(STORE_KINDS)('recordings and personal notes on the %s store', (kind) => {
  let db: OpenedStore
  let files: FileServer
  let editor: Browser
  let participant: Browser
  let admin: Browser
  const get = (browser: Browser, fileId: string) => send(browser, 'GET', `/api/files/${fileId}`)

  beforeEach(async () => {
    db = await openTestStore(kind)
    files = await startFileServer(db)
    await db.store
      .collection('enrolments')
      .insert({ _id: 'e1', person: PARTICIPANT, year: 1, status: 'accepted' })
    editor = await files.server.as('mediaEditor')
    participant = await files.server.as('participant')
    admin = await files.server.as('admin')
  })
  afterEach(async () => {
    await files.close()
    await db.close()
  })

  it('stores a .vtt upload only when it is WebVTT, and says which line is wrong', async () => {
    const good = await upload(editor, 'podnapisi.vtt', 'text/vtt', text(VTT))
    expect(good.reply.status).toBe(204)
    expect(good.fileId).not.toBe('')
    const srt = await upload(editor, 'subs.vtt', 'text/vtt', text('1\n00:00:01,000 --> 2\nHi'))
    expect(srt.reply.status).toBe(415)
    expect(errorCode(srt.reply)).toBe('subtitlesInvalid')
    expect(errorMessage(srt.reply)).toEqual({
      sl: 'Datoteka »subs.vtt« ni veljaven zapis podnapisov WebVTT (napaka v vrstici 1)',
      en: 'The file “subs.vtt” is not valid WebVTT subtitles (error on line 1)',
    })
    const badTime = await upload(
      editor,
      'subs.vtt',
      '',
      text('WEBVTT\n\n00:05.000 --> 00:01.000\nx'),
    )
    expect(errorCode(badTime.reply)).toBe('subtitlesInvalid')
    expect(errorMessage(badTime.reply)?.en).toContain('line 3')
  })

  it('opens a recording’s media and subtitles to its readers only, and to nobody once withdrawn', async () => {
    const media = await upload(editor, 'vaja.mp3', 'audio/mpeg', mp3Bytes())
    const sl = await upload(editor, 'vaja.sl.vtt', 'text/vtt', text(VTT))
    const staffSubtitles = await upload(editor, 'osnutek.vtt', 'text/vtt', text(VTT))
    const ref = (fileId: string, name: string, type: string, size: number) => ({
      fileId,
      name,
      type,
      size,
    })
    const recording = (id: string, visibility: string, subtitleId: string) =>
      mutation('materials', id, {
        kind: 'audio',
        titleSl: `Posnetek ${id}`,
        years: [1],
        visibility,
        createdAt: NOW,
        files:
          visibility === 'participants' ? [ref(media.fileId, 'vaja.mp3', 'audio/mpeg', 1)] : [],
        subtitles: [{ ...ref(subtitleId, 'x.vtt', 'text/vtt', VTT.length), lang: 'sl' }],
        chapters: [{ at: 1, titleSl: 'Uvod', titleEn: 'Introduction' }],
        durationSec: 2,
      })
    const pushed = await push(editor, [
      recording('rec-1', 'participants', sl.fileId),
      recording('rec-staff', 'staff', staffSubtitles.fileId),
    ])
    expect(pushed.map((result) => result.status)).toEqual(['applied', 'applied'])

    expect((await get(participant, media.fileId)).status).toBe(200)
    const subtitles = await get(participant, sl.fileId)
    expect(subtitles.status).toBe(200)
    expect(subtitles.headers.get('content-type')).toContain('text/vtt')
    // Staff material's subtitles look like a file that does not exist.
    expect((await get(participant, staffSubtitles.fileId)).status).toBe(404)
    const presence = await files.server.as('presenceEditor')
    expect((await get(presence, sl.fileId)).status).toBe(404)

    const withdrawn = await push(editor, [mutation('materials', 'rec-1', { deleted: true })])
    expect(withdrawn[0]!.status).toBe('applied')
    expect((await get(participant, sl.fileId)).status).toBe(404)
    expect((await get(participant, media.fileId)).status).toBe(404)
  })

  it('keeps notes and where one stopped private to their author', async () => {
    const note = (id: string, fields: Record<string, unknown>) => mutation('mediaNotes', id, fields)
    const created = await push(participant, [
      note('note-1', {
        participant: PARTICIPANT,
        recording: 'rec-1',
        at: 12,
        text: 'Koleno naprej',
        createdAt: NOW,
      }),
    ])
    expect(created[0]!.status).toBe('applied')
    const progressId = `rec-1:${PARTICIPANT}`
    const progress = await push(participant, [
      mutation('mediaProgress', progressId, {
        participant: PARTICIPANT,
        recording: 'rec-1',
        position: 42,
        updatedAt: NOW,
      }),
    ])
    expect(progress[0]!.status).toBe('applied')

    // An edit of the note goes through upsertBatch and lands in the store.
    const edited = await push(participant, [note('note-1', { text: 'Koleno nad prsti' })])
    expect(edited[0]!.status).toBe('applied')
    const stored = await db.store.collection('mediaNotes').find({ _id: 'note-1' })
    expect(stored[0]).toMatchObject({ text: 'Koleno nad prsti', at: 12, participant: PARTICIPANT })

    const own = await pullAll(participant)
    expect(idsOf(own, 'mediaNotes')).toEqual(['note-1'])
    expect(idsOf(own, 'mediaProgress')).toEqual([progressId])

    for (const other of [admin, editor, await files.server.as('regEditor')]) {
      const pages = await pullAll(other)
      expect(idsOf(pages, 'mediaNotes')).toEqual([])
      expect(idsOf(pages, 'mediaProgress')).toEqual([])
      for (const collection of ['mediaNotes', 'mediaProgress']) {
        const found = await other.db(collection, 'find', { query: {} })
        expect(found.status).toBe(403)
        expect(JSON.stringify(found.body)).not.toContain('Koleno')
      }
      // Nobody else writes them either, an admin included.
      const [taken] = await push(other, [note('note-1', { text: 'prebral admin' })])
      expect(taken).toMatchObject({ status: 'rejected' })
    }
    const owner = await participant.db('mediaNotes', 'find', { query: {} })
    expect(owner.status).toBe(403)
    const after = await db.store.collection('mediaNotes').find({ _id: 'note-1' })
    expect(after[0]).toMatchObject({ text: 'Koleno nad prsti' })
  })
})
