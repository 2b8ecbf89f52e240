// The developer pages' server calls (docs/access-policy.md#developer-pages): the mail queue and
// the test message of /test/email are the admin's alone, a visitor is told to log in; the test
// message goes through the outbox and is written as an .eml file; the list never carries a text
// or a token. The sanitiser of /test/editor takes anyone's call, bounded and rate-limited.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ROLES } from '@lfit/domain/access/roles'
import { MAX_SANITIZE_CHARS, mailQueueAnswerSchema } from '@lfit/domain/dev-pages/wire'
import { memoryLog } from '../src/http/log'
import { composeMail } from '../src/mail/compose'
import { MAIL_OUTBOX, OutboxMailer } from '../src/mail/outbox'
import { fileTransport } from '../src/mail/transports'
import { MailWorker } from '../src/mail/worker'
import { SANITIZE_LIMIT } from '../src/rich-text/routes'
import {
  ROLE_USERS,
  openTestStore,
  seedUsers,
  snapshot,
  startServer,
  userFor,
  type OpenedStore,
  type TestServer,
} from './harness'

let opened: OpenedStore
let server: TestServer
let mailDir: string

beforeEach(async () => {
  opened = await openTestStore('embedded')
  await seedUsers(opened.store, ROLE_USERS)
  server = await startServer({ store: opened.store })
  mailDir = mkdtempSync(join(tmpdir(), 'lfit-dev-mail-'))
})
afterEach(async () => {
  await server.close()
  await opened.close()
  rmSync(mailDir, { recursive: true, force: true })
})

const deliver = () =>
  new MailWorker({
    store: async () => opened.store,
    clock: server.clock.read,
    transport: fileTransport(mailDir, 'LFIT <lfit@studio.example>'),
    log: memoryLog(),
  }).deliverDue()

describe('/api/dev/mail', () => {
  it.each(['queue', 'test'])(
    '%s: a visitor is told to log in (401), nothing queued',
    async (call) => {
      const answer = await server.browser().post(`/api/dev/mail/${call}`, { language: 'en' })
      expect(answer.status).toBe(401)
      expect(answer.body).toMatchObject({ error: { code: 'notLoggedIn' } })
      expect(await snapshot(opened.store, MAIL_OUTBOX)).toEqual([])
    },
  )

  const others = ROLES.filter((role) => role !== 'admin')
  it.each(others)('a %s is refused (403) and queues nothing', async (role) => {
    const browser = await server.as(role)
    for (const call of ['queue', 'test']) {
      const answer = await browser.post(`/api/dev/mail/${call}`, { language: 'sl' })
      expect(answer.status).toBe(403)
      expect(answer.body).toMatchObject({ error: { code: 'forbidden' } })
    }
    expect(await snapshot(opened.store, MAIL_OUTBOX)).toEqual([])
  })

  it("queues a test message to the admin's own address, written as an .eml file", async () => {
    const admin = await server.as('admin')
    const sent = await admin.post('/api/dev/mail/test', { language: 'sl' })
    expect(sent.status).toBe(200)
    const address = userFor('admin').username
    expect(sent.body).toEqual({ to: address })
    const [queued] = await snapshot(opened.store, MAIL_OUTBOX)
    expect(queued).toMatchObject({ kind: 'testMessage', to: address, status: 'queued' })

    expect(await deliver()).toBe(1)
    const files = readdirSync(mailDir).filter((name) => name.endsWith('.eml'))
    expect(files).toHaveLength(1)
    const mail = await simpleParser(readFileSync(join(mailDir, files[0] ?? '')))
    expect(mail.subject).toBe('LFIT: preizkusno sporočilo')
    expect(mail.headers.get('x-lfit-kind')).toBe('testMessage')
    expect(mail.text).toContain('pošiljanje e-pošte deluje')

    const queue = await admin.post('/api/dev/mail/queue')
    expect(queue.status).toBe(200)
    const listed = mailQueueAnswerSchema.parse(queue.body)
    expect(listed.counts).toEqual({ queued: 0, sending: 0, sent: 1, failed: 0 })
    expect(listed.messages).toEqual([
      expect.objectContaining({ to: address, kind: 'testMessage', status: 'sent', attempts: 1 }),
    ])
  })

  it('lists the last messages newest first, without texts and with tokens masked', async () => {
    const mailer = new OutboxMailer(async () => opened.store, server.clock.read)
    const token = 'Q2hlY2tfdGhhdF90aGlzX2lzX21hc2tlZA'
    for (let n = 1; n <= 22; n++) {
      await mailer.send(
        composeMail('passwordReset', `person${n}@example.si`, 'en', {
          sl: { subject: 'x', paragraphs: [] },
          en: {
            subject: n === 22 ? `Reset ${token}` : `Message ${n}`,
            paragraphs: [`https://lfit.example/auth/newpassword?token=${token}`],
          },
        }),
      )
      server.clock.advance(1000)
    }
    const queue = await (await server.as('admin')).post('/api/dev/mail/queue')
    const listed = mailQueueAnswerSchema.parse(queue.body)
    expect(listed.counts.queued).toBe(22)
    expect(listed.messages).toHaveLength(20)
    expect(listed.messages[0]).toMatchObject({ to: 'person22@example.si', subject: 'Reset ••••' })
    expect(listed.messages[19]?.to).toBe('person3@example.si')
    expect(JSON.stringify(queue.body)).not.toContain(token)
  })

  it("a wrong language is a 400 with the field's message, and nothing is queued", async () => {
    const answer = await (await server.as('admin')).post('/api/dev/mail/test', { language: 'de' })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ error: { code: 'invalidBody' } })
    expect(await snapshot(opened.store, MAIL_OUTBOX)).toEqual([])
  })

  it('sending test messages is rate-limited', async () => {
    const admin = await server.as('admin')
    const statuses: number[] = []
    for (let n = 0; n < server.config.rateLimit.perUsername + 1; n++) {
      statuses.push((await admin.post('/api/dev/mail/test', { language: 'en' })).status)
    }
    expect(statuses.at(-1)).toBe(429)
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true)
    const queued = await snapshot(opened.store, MAIL_OUTBOX)
    expect(queued).toHaveLength(server.config.rateLimit.perUsername)
  })
})

describe('/api/richText/sanitize', () => {
  it('answers the sanitised HTML to anyone, a visitor included', async () => {
    const answer = await server.browser().post('/api/richText/sanitize', {
      html: '<p>Hi <img src=x onerror=alert(1)><b>there</b></p>',
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ html: '<p>Hi <b>there</b></p>' })
  })

  it('refuses a text over the limit with a 400 that names the limit in both languages', async () => {
    const html = 'a'.repeat(MAX_SANITIZE_CHARS + 1)
    const answer = await server.browser().post('/api/richText/sanitize', { html })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ error: { code: 'invalidBody' } })
    const field = (answer.body as { error: { fields: { html: { sl: string; en: string } } } }).error
      .fields.html
    expect(field.sl).toContain('20000')
    expect(field.en).toContain('20000')
  })

  it('refuses a body that is not a text with a 400', async () => {
    const answer = await server.browser().post('/api/richText/sanitize', { html: { $gt: '' } })
    expect(answer.status).toBe(400)
  })

  it("rate-limits one address's calls", async () => {
    const browser = server.browser()
    const statuses: number[] = []
    for (let n = 0; n <= SANITIZE_LIMIT.perIp; n++) {
      statuses.push((await browser.post('/api/richText/sanitize', { html: '<p>x</p>' })).status)
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(SANITIZE_LIMIT.perIp)
    expect(statuses.at(-1)).toBe(429)
  })
})
