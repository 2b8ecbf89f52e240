// PUBLIC_URL (docs/operations.md#links-in-e-mails): every link the server e-mails starts with the
// address people open the app at, never with the address it listens on. The server here listens
// on every interface (HOST=0.0.0.0, as the README advises behind a proxy) and is reached as
// https://lfit.example.org; a password reset, an acceptance's welcome link, an event certificate
// and a photo hide request each mail a link, and every one of them starts with PUBLIC_URL. The
// answers a certificate is printed from carry its verification page at PUBLIC_URL too, for the
// QR code and the printed address, whatever address the printing browser used.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { studyDaysOfYear } from '@lfit/domain/makeups/standing'
import { schedule } from '@lfit/domain/schedule'
import { loadConfig } from '../src/config'
import { openDiskFileStore } from '../src/files/disk'
import { MAIL_OUTBOX } from '../src/mail/outbox'
import { upload } from './file-transfer'
import {
  ROLE_USERS,
  openTestStore,
  seedUsers,
  snapshot,
  startServer,
  type OpenedStore,
  type TestServer,
} from './harness'

const PUBLIC_URL = 'https://lfit.example.org'
const day = studyDaysOfYear(schedule(), 4).at(-1)!

/** Every http(s) address in a text. */
const urlsIn = (text: unknown) => String(text).match(/https?:\/\/[^\s"'<>)]+/g) ?? []

describe('links in e-mails', () => {
  let db: OpenedStore
  let server: TestServer
  let dataDir: string

  beforeEach(async () => {
    db = await openTestStore('embedded')
    dataDir = mkdtempSync(join(tmpdir(), 'lfit-public-url-'))
    await seedUsers(db.store, ROLE_USERS)
    await db.store.collection('eventSignups').insert({
      _id: 's1',
      name: 'Eva Gost',
      email: 'eva@example.si',
      phone: '38641123456',
      dayId: day.id,
      createdAt: '2026-11-01T10:00:00.000Z',
      status: 'confirmed',
      language: 'en',
    })
    // The configuration a start reads: the server listens everywhere, people use the proxy's name.
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '0.0.0.0',
      PORT: '8080',
      PUBLIC_URL: `${PUBLIC_URL}/`,
    })
    server = await startServer({
      store: db.store,
      config: { ...config, dataDir },
      files: openDiskFileStore(dataDir),
    })
  })
  afterEach(async () => {
    await server.close()
    await db.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('start with PUBLIC_URL: reset, welcome, event certificate and photo request', async () => {
    expect(
      (await server.browser().auth('forgotPassword', { username: 'participant@test.lfit' })).status,
    ).toBe(202)

    const applicant = {
      username: 'mia.kos@example.com',
      password: 'mias-good-password',
      firstName: 'Mia',
      lastName: 'Kos',
      country: 'SI',
      phone: '041 123 456',
      year: 2,
    }
    expect((await server.browser().auth('register', applicant)).status).toBe(202)
    const registrar = await server.as('regEditor')
    const accepted = await registrar.post('/api/people/accept', { id: `2:${applicant.username}` })
    expect(accepted.status).toBe(200)

    const issued = await registrar.post('/api/certificates/events/issue', {
      dayId: day.id,
      title: 'Open studio day',
      attendees: ['s1'],
    })
    expect(issued.status).toBe(200)

    const editor = await server.as('photoEditor')
    const album = await editor.post('/api/photos/albums', {
      title: { sl: 'Album', en: 'Album' },
      owner: { kind: 'project', ref: 'LFIT2025' },
    })
    const albumId = (album.body as { album: { id: string } }).album.id
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer()
    const uploaded = await upload(editor, 'a.jpg', 'image/jpeg', new Uint8Array(jpeg))
    const added = await editor.post(`/api/photos/albums/${albumId}/photos`, {
      fileId: uploaded.fileId,
    })
    const photoId = (added.body as { photo: { id: string } }).photo.id
    const participant = await server.as('participant')
    expect((await participant.post(`/api/photos/photos/${photoId}/hide`, {})).status).toBe(200)

    const mails = await snapshot(db.store, MAIL_OUTBOX)
    const linked = new Map(
      mails.map((mail) => [mail.kind, [...urlsIn(mail.text), ...urlsIn(mail.html)]]),
    )
    expect(linked.get('passwordReset')).toContainEqual(
      expect.stringMatching(/^https:\/\/lfit\.example\.org\/auth\/newPassword\?token=/),
    )
    expect(linked.get('applicationAccepted')).toContainEqual(
      expect.stringMatching(/^https:\/\/lfit\.example\.org\/auth\/newPassword\?token=/),
    )
    expect(linked.get('eventCertificate')).toContainEqual(
      expect.stringMatching(/^https:\/\/lfit\.example\.org\/potrdilo\?koda=/),
    )
    expect(linked.get('photoHideRequest')).toContain(`${PUBLIC_URL}/photos?requests=1`)
    for (const [kind, urls] of linked) {
      for (const url of urls) expect(url, String(kind)).toMatch(/^https:\/\/lfit\.example\.org\//)
    }
  })
})

describe('certificates printed from any address', () => {
  let db: OpenedStore
  let server: TestServer

  beforeEach(async () => {
    db = await openTestStore('embedded')
    await seedUsers(db.store, ROLE_USERS)
    await db.store.collection('eventSignups').insert({
      _id: 's1',
      name: 'Eva Gost',
      email: 'eva@example.si',
      phone: '38641123456',
      dayId: day.id,
      createdAt: '2026-11-01T10:00:00.000Z',
      status: 'confirmed',
      language: 'sl',
    })
    // Listening on every interface: a registrar in the studio may print at its LAN address.
    const config = loadConfig({ NODE_ENV: 'test', HOST: '0.0.0.0', PUBLIC_URL })
    server = await startServer({ store: db.store, config })
  })
  afterEach(async () => {
    await server.close()
    await db.close()
  })

  it('the certificate and its check carry the verification page at PUBLIC_URL', async () => {
    const registrar = await server.as('regEditor')
    const issued = await registrar.post('/api/certificates/events/issue', {
      dayId: day.id,
      title: 'Open studio day',
      attendees: ['s1'],
    })
    expect(issued.status).toBe(200)
    const certificate = (issued.body as { issued: { _id: string; code: string }[] }).issued[0]!
    const whole = await registrar.post('/api/certificates/get', { id: certificate._id })
    expect(whole.status).toBe(200)
    expect(whole.body).toMatchObject({
      certificate: { code: certificate.code },
      verifyAt: `${PUBLIC_URL}/potrdilo`,
    })
    const checked = await server.browser().post('/api/certificates/verify', {
      code: certificate.code,
    })
    expect(checked.status).toBe(200)
    expect(checked.body).toMatchObject({ status: 'valid', verifyAt: `${PUBLIC_URL}/potrdilo` })
  })
})

describe('the address links start with when PUBLIC_URL is unset (outside production)', () => {
  it.each([
    ['127.0.0.1', 'http://127.0.0.1:8080'],
    ['0.0.0.0', 'http://localhost:8080'],
    ['::', 'http://localhost:8080'],
    ['::1', 'http://[::1]:8080'],
    ['lfit.local', 'http://lfit.local:8080'],
  ])('HOST=%s: %s', (host, url) => {
    expect(loadConfig({ NODE_ENV: 'development', HOST: host }).publicUrl).toBe(url)
  })
})
