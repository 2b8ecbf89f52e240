// The developer pages (docs/access-policy.md#developer-pages) in Chromium: a visitor on any
// /test page reads and changes nothing the API would refuse them; a participant's console call
// that the policy refuses is refused with the policy's message; an admin's test message arrives
// as an .eml file; the editor page sanitises pasted HTML without running any of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page, Response } from 'playwright-core'
import { ERRORS } from '@lfit/domain/api/errors'
import { ROUTES } from '@lfit/domain/access/routes'
import {
  demoUser,
  guardConsole,
  type ConsoleGuard,
  launch,
  login,
  newContext,
} from './support/browser'
import { allMail, e2eDataDir, waitForMail } from './support/mail'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const TEST_PAGES = ROUTES.filter((route) => route.kind === 'test').map((route) => route.path)

/** Every API answer the page got, by path and status. */
function recordApi(page: Page): { path: string; status: number }[] {
  const seen: { path: string; status: number }[] = []
  page.on('response', (response: Response) => {
    const url = new URL(response.url())
    if (url.pathname.startsWith('/api/'))
      seen.push({ path: url.pathname, status: response.status() })
  })
  return seen
}

/**
 * Calls a visitor's page may make and have answered: its session check, the programme's calendar
 * (open to anyone, docs/0049-devices-follow-the-calendar.md) and the sanitiser.
 */
const HARMLESS = [/^\/api\/auth\/user$/, /^\/api\/calendar$/, /^\/api\/richText\/sanitize$/]

async function withContext(
  run: (page: Page, guard: ConsoleGuard, context: BrowserContext) => Promise<void>,
) {
  const context = await newContext(browser)
  const guard = guardConsole(context)
  try {
    await run(await context.newPage(), guard, context)
    guard.check()
  } finally {
    await context.close()
  }
}

describe('a visitor on the test pages', () => {
  it.each(TEST_PAGES)('%s: no call beyond the harmless ones succeeds', async (path) => {
    await withContext(async (page) => {
      const answers = recordApi(page)
      await page.goto(path)
      await page.locator('main h1').first().waitFor()
      if (path === '/test') {
        await page.locator('a[href="/test/db"]').waitFor()
        // Only pages the visitor may open are listed.
        expect(await page.locator('a[href="/test/snack"]').count()).toBe(0)
      }
      if (path === '/test/db' || path === '/test/email') {
        await page.locator(`main a[href^="/auth/login"]`, { hasText: 'Log in' }).waitFor()
        expect(await page.locator('main textarea, main button:has-text("Send")').count()).toBe(0)
      }
      if (path === '/test/editor') await page.getByTestId('sanitised').getByText('<h2>').waitFor()
      const succeeded = answers.filter(
        (answer) => answer.status < 400 && !HARMLESS.some((ok) => ok.test(answer.path)),
      )
      expect(succeeded).toEqual([])
      expect(answers.filter((answer) => /^\/api\/(db|dev)\//.test(answer.path))).toEqual([])
    })
  })

  it("the mail queue's calls, sent by hand from the page, are refused as to any visitor", async () => {
    await withContext(async (page, guard) => {
      // The browser logs each refused call; these are the refusals the test is about.
      guard.allow(/status of 401 .*\/api\/dev\/mail\/(queue|test)\)$/)
      await page.goto('/test/email')
      await page.locator('main h1').first().waitFor()
      const statuses = await page.evaluate(async () => {
        const call = (path: string) =>
          fetch(path, {
            method: 'POST',
            headers: { 'content-type': 'application/msgpack' },
            body: new Uint8Array([0x80]),
          }).then((response) => response.status)
        return [await call('/api/dev/mail/queue'), await call('/api/dev/mail/test')]
      })
      expect(statuses).toEqual([401, 401])
    })
  })
})

describe('the query console for a participant', () => {
  it("sends a call the policy allows, and shows a refused one with the policy's message", async () => {
    await withContext(async (page, guard) => {
      guard.allow(/status of 403 .*\/api\/db\/users\/deleteOne\)$/)
      await login(page, 'participant')
      const answers = recordApi(page)
      // The console's own calls; the page's sync and roster reads run beside them at any time.
      const consoleCalls = () =>
        answers.filter((a) => /^\/api\/db\/[^/]+\/(?!upsertBatch$|pull$)[^/]+$/.test(a.path))
      await page.goto('/test/db')
      const form = page.locator('main form')
      await form.getByLabel('Collection').selectOption('absences')
      await form.getByLabel('Operation').selectOption('find')
      await form.getByRole('button', { name: 'Send' }).click()
      await page
        .getByTestId('db-outcome')
        .getByText(/Answered in \d+ ms/)
        .waitFor()
      await page.getByTestId('db-answer').waitFor()

      // A payload that is not JSON is explained and not sent.
      const sent = consoleCalls().length
      await form.getByLabel('Payload (JSON)').fill('{"_id": ')
      await form.getByRole('button', { name: 'Send' }).click()
      await page.getByRole('alert').getByText('The payload is not valid JSON').waitFor()
      expect(consoleCalls().length).toBe(sent)

      await form.getByLabel('Collection').selectOption('users')
      await form.getByLabel('Operation').selectOption('deleteOne')
      await form.getByLabel('Payload (JSON)').fill(`{"_id": "user-${demoUser('admin')}"}`)
      await form.getByRole('button', { name: 'Send' }).click()
      const refusal = page.getByTestId('db-outcome')
      await refusal.getByText(ERRORS.forbidden.message.en).waitFor()
      await refusal.getByText('Refused (403)').waitFor()
      expect(consoleCalls().at(-1)).toEqual({ path: '/api/db/users/deleteOne', status: 403 })
    })
  })
})

describe('the e-mail test page for an admin', () => {
  it('queues a test message to the admin, which arrives as an .eml file', async () => {
    const to = demoUser('admin')
    const isTest = (mail: { to: string[]; kind: string }) =>
      mail.to.includes(to) && mail.kind === 'testMessage'
    const before = (await allMail()).filter(isTest).length
    await withContext(async (page) => {
      await login(page, 'admin')
      await page.goto('/test/email')
      await page.getByRole('button', { name: 'Send a test message to me' }).click()
      await page.getByRole('status').getByText(`A test message to ${to} is queued.`).waitFor()
      await page.getByTestId('mail-list').getByText('LFIT: test message').first().waitFor()
    })
    const mail = await waitForMail(e2eDataDir(), { to, kind: 'testMessage' })
    expect(mail.subject).toBe('LFIT: test message')
    expect(mail.text).toContain('e-mail delivery works')
    await expect.poll(async () => (await allMail()).filter(isTest).length).toBe(before + 1)
  })
})

describe('the editor page', () => {
  it('sanitises pasted HTML with an onerror handler: nothing runs, nothing is logged', async () => {
    await withContext(async (page) => {
      const dialogs: string[] = []
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message())
        void dialog.dismiss()
      })
      await page.goto('/test/editor')
      const editor = page.getByRole('textbox', { name: 'Text' })
      await editor.click()
      await page.keyboard.press('ControlOrMeta+a')
      await page.keyboard.press('Delete')
      await editor.evaluate((element) => {
        const data = new DataTransfer()
        data.setData('text/html', '<p>Pasted <img src=x onerror=alert(1)>here</p>')
        data.setData('text/plain', 'Pasted here')
        element.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        )
      })
      const output = page.getByTestId('sanitised')
      await output.getByText('Pasted here').waitFor()
      const html = await output.textContent()
      expect(html).toBe('<p>Pasted here</p>')
      expect(await page.locator('main img').count()).toBe(0)
      expect(dialogs).toEqual([])
    })
  })
})
