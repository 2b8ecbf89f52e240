// The two mail adapters (docs/0009-mail-queue-and-transports.md): the file transport writes a
// standard .eml a mail program (here mailparser) reads back, with the Slovenian subject encoded
// in UTF-8, both parts and the typed value escaped in the HTML; the SMTP transport delivers the
// same message over the real wire protocol to a server on loopback, logging in with the URL's
// credentials; a server that drops the connection midway fails that delivery and nothing else.
import { once } from 'node:events'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { simpleParser, type ParsedMail } from 'mailparser'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config'
import { composeMail } from '../src/mail/compose'
import {
  fileTransport,
  smtpTransport,
  transportFor,
  type OutgoingMail,
} from '../src/mail/transports'
import { startSmtpSink, type SmtpSink } from './smtp-sink'

const TYPED = 'Špela <script>alert("x")</script> & Co'

const outgoing = (): OutgoingMail => ({
  ...composeMail('signupConfirmed', 'spela.cadez@example.si', 'sl', {
    sl: {
      subject: 'LFIT: potrjena prijava za četrtek, 26. 11. 2026 – Žiga čaka',
      paragraphs: [`Pozdravljeni, ${TYPED}!`, 'Vaša prijava je potrjena.'],
      link: { url: 'http://127.0.0.1:8080/auth/newPassword?token=abc', label: 'Nastavite geslo' },
    },
    en: { subject: 'LFIT: confirmed', paragraphs: ['Confirmed.'] },
  }),
  id: 'mail-1',
  date: new Date(Date.UTC(2026, 10, 23, 11, 0)),
})

const FROM = 'LFIT Studio <lfit@studio.example>'

function expectTheMessage(parsed: ParsedMail, raw: string) {
  expect(parsed.subject).toBe('LFIT: potrjena prijava za četrtek, 26. 11. 2026 – Žiga čaka')
  // Headers stay 7-bit: the subject travels as RFC 2047 encoded words.
  const headers = raw.slice(0, raw.indexOf('\r\n\r\n'))
  expect(headers).toMatch(/^Subject: =\?UTF-8\?/m)
  expect(headers).not.toMatch(/[^\x20-\x7e\r\n\t]/)
  expect(parsed.headers.get('x-lfit-kind')).toBe('signupConfirmed')
  expect(parsed.headers.get('content-language')).toBe('sl')
  // Every message the server sends is automatic (RFC 3834): no out-of-office replies to it.
  expect(parsed.headers.get('auto-submitted')).toBe('auto-generated')
  expect(parsed.messageId).toBe('<mail-1@studio.example>')
  expect(parsed.date?.toISOString()).toBe('2026-11-23T11:00:00.000Z')
  const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to
  expect(to?.value[0]?.address).toBe('spela.cadez@example.si')
  const from = Array.isArray(parsed.from) ? parsed.from[0] : parsed.from
  expect(from?.value[0]).toMatchObject({ name: 'LFIT Studio', address: 'lfit@studio.example' })
  // Both parts: the text as typed, the HTML with the typed value escaped.
  expect(parsed.text).toContain(`Pozdravljeni, ${TYPED}!`)
  expect(parsed.text).toContain('http://127.0.0.1:8080/auth/newPassword?token=abc')
  const html = typeof parsed.html === 'string' ? parsed.html : ''
  expect(html).toContain('Špela &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co')
  expect(html).not.toContain('<script>')
  expect(html).toContain('<a href="http://127.0.0.1:8080/auth/newPassword?token=abc">')
}

describe('the file transport', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lfit-mail-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('writes one parsable .eml per message: UTF-8 subject, kind header, text and escaped HTML', async () => {
    const transport = fileTransport(join(dir, 'mail'), FROM)
    await transport.deliver(outgoing())
    transport.close()
    const files = readdirSync(join(dir, 'mail'))
    expect(files).toEqual(['20261123T110000Z-signupConfirmed-mail-1.eml'])
    const raw = readFileSync(join(dir, 'mail', files[0] as string))
    expect(raw.toString('latin1')).toContain('\r\n')
    expectTheMessage(await simpleParser(raw), raw.toString('latin1'))
  })

  it('is what a fresh configuration uses: DATA_DIR/mail, from a local sender', async () => {
    const transport = transportFor(loadConfig({ DATA_DIR: dir }))
    expect(transport.name).toBe('file')
    await transport.deliver(outgoing())
    transport.close()
    const [file] = readdirSync(join(dir, 'mail'))
    const parsed = await simpleParser(readFileSync(join(dir, 'mail', file as string)))
    const from = Array.isArray(parsed.from) ? parsed.from[0] : parsed.from
    expect(from?.value[0]?.address).toBe('lfit@localhost')
  })
})

describe('the SMTP transport', () => {
  let sink: SmtpSink
  beforeEach(async () => {
    sink = await startSmtpSink()
  })
  afterEach(() => sink.close())

  it('delivers the same message over SMTP, logged in with the credentials of SMTP_URL', async () => {
    const transport = transportFor(
      loadConfig({ SMTP_URL: sink.url, MAIL_FROM: FROM, DATA_DIR: tmpdir() }),
    )
    expect(transport.name).toBe('smtp')
    await transport.deliver(outgoing())
    transport.close()
    expect(sink.received).toHaveLength(1)
    const [message] = sink.received
    expect(message).toMatchObject({ from: 'lfit@studio.example', to: ['spela.cadez@example.si'] })
    const raw = message?.raw ?? Buffer.alloc(0)
    expectTheMessage(await simpleParser(raw), raw.toString('latin1'))
  })

  it('rejects when the server refuses, so the worker can try again', async () => {
    sink.refuseWith = 451
    const transport = smtpTransport(sink.url, FROM)
    await expect(transport.deliver(outgoing())).rejects.toMatchObject({ responseCode: 451 })
    transport.close()
    expect(sink.received).toHaveLength(0)
  })

  it('rejects when the login is wrong', async () => {
    const transport = smtpTransport(sink.url.replace('sink-password', 'wrong'), FROM)
    await expect(transport.deliver(outgoing())).rejects.toMatchObject({ code: 'EAUTH' })
    transport.close()
    expect(sink.received).toHaveLength(0)
  })
})

describe('an SMTP server that drops the connection', () => {
  /**
   * A mail server on loopback that speaks just enough SMTP to reach `stage`, then resets the
   * connection (RST), as a provider restarting or a broken network path does.
   */
  async function droppingServer(stage: 'on connect' | 'after EHLO' | 'mid-DATA') {
    const server = createServer((socket) => {
      socket.on('error', () => undefined)
      if (stage === 'on connect') return void socket.resetAndDestroy()
      socket.write('220 drop.test ESMTP\r\n')
      let inData = false
      socket.on('data', (chunk: Buffer) => {
        if (inData) return void socket.resetAndDestroy()
        for (const line of chunk.toString('latin1').split('\r\n').filter(Boolean)) {
          const verb = line.slice(0, 4).toUpperCase()
          if (verb === 'EHLO' && stage === 'after EHLO') return void socket.resetAndDestroy()
          if (verb === 'EHLO') socket.write('250-drop.test\r\n250 8BITMIME\r\n')
          else if (verb === 'DATA') {
            inData = true
            socket.write('354 go on\r\n')
          } else socket.write('250 ok\r\n')
        }
      })
    })
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const { port } = server.address() as AddressInfo
    return { url: `smtp://127.0.0.1:${port}`, close: () => server.close() }
  }

  it.each(['on connect', 'after EHLO', 'mid-DATA'] as const)(
    'rejects a delivery dropped %s, and nothing of that connection is thrown later',
    async (stage) => {
      const dropping = await droppingServer(stage)
      const sink = await startSmtpSink()
      try {
        const transport = smtpTransport(dropping.url, FROM)
        await expect(transport.deliver(outgoing())).rejects.toThrow()
        transport.close()
        // Nothing of the dropped connection is left to throw later: the next delivery goes through.
        const next = smtpTransport(sink.url, FROM)
        await next.deliver(outgoing())
        next.close()
        expect(sink.received).toHaveLength(1)
      } finally {
        dropping.close()
        await sink.close()
      }
    },
  )
})
