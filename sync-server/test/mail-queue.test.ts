// The mail queue (docs/0009-mail-queue-and-transports.md), on both stores: a queued message
// survives a crash of the process that was sending it and is delivered exactly once after a
// restart; two servers on one database never send one message twice; a refused send is retried
// with growing waits and sent when the mail server is back, or marked failed after the last
// attempt; the change that queued a message stays stored whatever the transport does; the log
// names only the kind. Real transports throughout: files, and a real SMTP server on loopback.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, inject, vi } from 'vitest'
import { memoryLog } from '../src/http/log'
import { composeMail } from '../src/mail/compose'
import { MAIL_OUTBOX, OutboxMailer, type MailMessage } from '../src/mail/outbox'
import { fileTransport, smtpTransport, type MailTransport } from '../src/mail/transports'
import { DEFAULT_RETRY, MailWorker, retryDelay } from '../src/mail/worker'
import { openStore } from '../src/store/open'
import type { Doc, Store } from '../src/store/port'
import { STORE_KINDS, TestClock, randomDbName, startServer, type StoreKind } from './harness'
import { startSmtpSink, type SmtpSink } from './smtp-sink'

const MINUTE = 60_000
const FROM = 'LFIT <lfit@studio.example>'
const ADDRESS = 'mojca.zupan@example.si'
const SECRET_TEXT = 'Ljubljana-secret-9174'

const message = (to = ADDRESS): MailMessage =>
  composeMail('welcome', to, 'sl', {
    sl: { subject: `LFIT: dobrodošli ${SECRET_TEXT}`, paragraphs: [`Geslo: ${SECRET_TEXT}`] },
    en: { subject: 'LFIT: welcome', paragraphs: ['Welcome.'] },
  })

/** A database that can be closed and opened again, as a server restart does. */
function reopenable(kind: StoreKind) {
  const dataDir = mkdtempSync(join(tmpdir(), 'lfit-mailq-'))
  const dbName = randomDbName()
  const opened: Store[] = []
  return {
    async open(): Promise<Store> {
      const store = await openStore(
        kind === 'mongodb'
          ? { mongodbUri: inject('mongoUri'), dataDir, dbName }
          : { dataDir, dbName },
      )
      opened.push(store)
      return store
    },
    async dispose() {
      if (kind === 'mongodb') await (await this.open()).drop()
      for (const store of opened) await store.close().catch(() => {})
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

const outboxOf = (store: Store) => store.collection(MAIL_OUTBOX).find({}, { sort: { queuedAt: 1 } })

describe.each(STORE_KINDS)('the mail queue on the %s store', (kind) => {
  let db: ReturnType<typeof reopenable>
  let store: Store
  let clock: TestClock
  let log: ReturnType<typeof memoryLog>
  let dir: string
  let sink: SmtpSink
  beforeEach(async () => {
    db = reopenable(kind)
    store = await db.open()
    clock = new TestClock()
    log = memoryLog()
    dir = mkdtempSync(join(tmpdir(), 'lfit-mailq-files-'))
    sink = await startSmtpSink()
  })
  afterEach(async () => {
    await sink.close()
    await db.dispose()
    rmSync(dir, { recursive: true, force: true })
  })

  const files = () => readdirSync(dir).filter((name) => name.endsWith('.eml'))
  const worker = (on: Store, transport: MailTransport) =>
    new MailWorker({ store: async () => on, clock: clock.read, transport, log })

  /** No log line carries an address, a subject or a text: only kinds, counts and codes. */
  function expectQuietLog() {
    const logged = JSON.stringify(log.lines)
    expect(logged).not.toContain(ADDRESS)
    expect(logged).not.toContain(SECRET_TEXT)
    expect(logged).not.toContain('@')
  }

  it('a message claimed by a process that crashed is delivered once after a restart', async () => {
    await new OutboxMailer(async () => store, clock.read).send(message())
    let crashed!: () => void
    const crash = new Promise<void>((resolve) => (crashed = resolve))
    // The process dies in the middle of the send: the transport never answers.
    const dying: MailTransport = {
      name: 'smtp',
      deliver: () => {
        crashed()
        return new Promise<never>(() => {})
      },
      close: () => {},
    }
    void worker(store, dying).deliverDue()
    await crash
    await store.close()

    store = await db.open()
    const restarted = worker(store, fileTransport(dir, FROM))
    // Still within the dead process's lease: nobody sends it yet.
    expect(await restarted.deliverDue()).toBe(0)
    clock.advance(DEFAULT_RETRY.leaseMs)
    expect(await restarted.deliverDue()).toBe(1)
    expect(await restarted.deliverDue()).toBe(0)
    clock.advance(DEFAULT_RETRY.leaseMs * 3)
    expect(await restarted.deliverDue()).toBe(0)
    expect(files()).toHaveLength(1)
    const [sent] = await outboxOf(store)
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, kind: 'welcome', to: ADDRESS })
    // Delivered: the text (it may hold a single-use link) is no longer kept.
    expect(sent).not.toHaveProperty('text')
    expect(sent).not.toHaveProperty('html')
    expectQuietLog()
  })

  it('two servers on one database never send one message twice', async () => {
    const mailer = new OutboxMailer(async () => store, clock.read)
    for (let at = 0; at < 6; at += 1) await mailer.send(message(`person${at}@example.si`))
    // MongoDB: a second connection, as a second process has; embedded: one process owns it.
    const other = kind === 'mongodb' ? await db.open() : store
    const tried = await Promise.all([
      worker(store, fileTransport(dir, FROM)).deliverDue(),
      worker(other, fileTransport(dir, FROM)).deliverDue(),
    ])
    expect(tried[0] + tried[1]).toBe(6)
    expect(files()).toHaveLength(6)
    const outbox = await outboxOf(store)
    expect(outbox.map((doc) => [doc.status, doc.attempts])).toEqual(Array(6).fill(['sent', 1]))
  })

  it('a refused send is retried after 1, then 2 minutes and marked sent when the server takes it', async () => {
    await new OutboxMailer(async () => store, clock.read).send(message())
    const mail = worker(store, smtpTransport(sink.url, FROM))
    sink.refuseWith = 451
    const queuedAt = clock.now

    expect(await mail.deliverDue()).toBe(1)
    let [doc] = await outboxOf(store)
    expect(doc).toMatchObject({ status: 'queued', attempts: 1, dueAt: queuedAt + MINUTE })
    expect(doc).toHaveProperty('text')
    clock.advance(MINUTE - 1)
    expect(await mail.deliverDue()).toBe(0)
    clock.advance(1)
    expect(await mail.deliverDue()).toBe(1)
    ;[doc] = await outboxOf(store)
    expect(doc).toMatchObject({ status: 'queued', attempts: 2, dueAt: clock.now + 2 * MINUTE })
    expect(sink.refused).toBe(2)

    sink.refuseWith = null
    clock.advance(2 * MINUTE)
    expect(await mail.deliverDue()).toBe(1)
    ;[doc] = await outboxOf(store)
    expect(doc).toMatchObject({ status: 'sent', attempts: 3, sentAt: clock.now })
    expect(sink.received).toHaveLength(1)
    expect(log.lines.map((line) => [line.level, line.message, line.fields.kind])).toEqual([
      ['warn', 'mail send failed, will retry', 'welcome'],
      ['warn', 'mail send failed, will retry', 'welcome'],
      ['info', 'mail sent', 'welcome'],
    ])
    expect(log.lines[0]?.fields).toMatchObject({ error: 'smtp 451', retryInMs: MINUTE })
    expectQuietLog()
    await mail.stop()
  })

  it('a message the server always refuses is marked failed after the last attempt', async () => {
    await new OutboxMailer(async () => store, clock.read).send(message())
    const mail = worker(store, smtpTransport(sink.url, FROM))
    sink.refuseWith = 550
    const waits: number[] = []
    for (let attempt = 1; attempt <= DEFAULT_RETRY.maxAttempts; attempt += 1) {
      expect(await mail.deliverDue()).toBe(1)
      const [doc] = await outboxOf(store)
      if (doc?.status !== 'queued') break
      waits.push((doc.dueAt as number) - clock.now)
      clock.advance((doc.dueAt as number) - clock.now)
    }
    expect(waits.map((wait) => wait / MINUTE)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60])
    const [doc] = await outboxOf(store)
    expect(doc).toMatchObject({ status: 'failed', attempts: 10, error: 'smtp 550' })
    expect(doc).not.toHaveProperty('text')
    clock.advance(24 * 60 * MINUTE)
    expect(await mail.deliverDue()).toBe(0)
    expect(sink.refused).toBe(10)
    expect(log.lines.at(-1)).toMatchObject({
      level: 'error',
      message: 'mail given up',
      fields: { kind: 'welcome', attempts: 10 },
    })
    expectQuietLog()
    await mail.stop()
  })

  it('the registration that queued a message stays stored whatever the transport does', async () => {
    const server = await startServer({ store, clock })
    try {
      const form = {
        username: ADDRESS,
        password: 'a-good-password',
        firstName: 'Mojca',
        lastName: 'Župan',
        country: 'SI',
        phone: '041 123 456',
        year: 1,
      }
      expect((await server.browser().auth('register', form)).status).toBe(202)
      sink.refuseWith = 550
      const refused = worker(store, smtpTransport(sink.url, FROM))
      expect(await refused.deliverDue()).toBe(1)
      const user = await store.collection('users').findOne({ username: ADDRESS })
      expect(user).toMatchObject({ username: ADDRESS, lastName: 'Župan' })

      // The same message goes out once the mail works: written as a file here.
      clock.advance(MINUTE)
      expect(await worker(store, fileTransport(dir, FROM)).deliverDue()).toBe(1)
      expect(files()).toHaveLength(1)
      expect(await store.collection('users').count({ username: ADDRESS })).toBe(1)
    } finally {
      await server.close()
    }
  })

  it('a queued message is delivered at once when the mailer nudges the running worker', async () => {
    const running = worker(store, fileTransport(dir, FROM))
    const mailer = new OutboxMailer(
      async () => store,
      clock.read,
      () => running.nudge(),
    )
    await mailer.send(message())
    await mailer.send(message('second@example.si'))
    // Polls the directory: the worker sends on its own, no deliverDue call here.
    await vi.waitFor(() => expect(files()).toHaveLength(2), { timeout: 5_000, interval: 20 })
    await running.stop()
    const outbox: Doc[] = await outboxOf(store)
    expect(outbox.map((doc) => doc.status)).toEqual(['sent', 'sent'])
  })
})

describe('retryDelay', () => {
  it.each([
    [1, 1],
    [2, 2],
    [3, 4],
    [6, 32],
    [7, 60],
    [20, 60],
  ])('after attempt %i waits %i minutes', (attempt, minutes) => {
    expect(retryDelay(DEFAULT_RETRY, attempt)).toBe(minutes * MINUTE)
  })
})
