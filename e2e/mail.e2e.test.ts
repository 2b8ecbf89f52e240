// E-mail from the real server (docs/0009-mail-queue-and-transports.md): without SMTP_URL a
// registration's message is written as an .eml file under DATA_DIR/mail within moments of the
// answer, in the registrant's language, with the typed name escaped in its HTML part.
import { Packr } from 'msgpackr'
import { expect, it } from 'vitest'
import { baseURL } from './support/browser'
import { e2eDataDir, waitForMail } from './support/mail'

/** A run-unique suffix, so a rerun against a running server finds no leftovers. */
const RUN = Date.now().toString(36)

const packr = new Packr({ useRecords: false, mapsAsObjects: true })

async function register(form: Record<string, unknown>): Promise<number> {
  const response = await fetch(`${baseURL()}/api/auth/register`, {
    method: 'POST',
    headers: {
      'content-type': 'application/msgpack',
      accept: 'application/msgpack',
      origin: baseURL(),
    },
    body: new Uint8Array(packr.pack(form)),
  })
  return response.status
}

it('a registration writes its e-mail as an .eml file within moments: text and escaped HTML', async () => {
  const to = `mail-${RUN}@example.com`
  const status = await register({
    username: to,
    password: 'a good password',
    firstName: 'Žiga <b>&',
    lastName: 'Čebulj',
    country: 'SI',
    phone: '+386 41 123 456',
    language: 'sl',
    year: 1,
  })
  expect(status).toBe(202)
  const mail = await waitForMail(e2eDataDir(), { to })
  expect(mail.kind).toBeTruthy()
  expect(mail.subject).toMatch(/^LFIT: /)
  expect(mail.text).toContain('Žiga <b>&')
  expect(mail.html).toContain('Žiga &lt;b&gt;&amp;')
  expect(mail.html).not.toContain('<b>&')
})
