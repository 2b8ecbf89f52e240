// Attendance certificates in Chromium (docs/product-rules.md#certificates): a registration editor
// issues certificates to a year's eligible participants on /ATMcertsList, exports the list as
// XLSX, opens one and prints it to a PDF (one A4 page per language, no app chrome: pdftotext
// shows the name and the code); a visitor checks its code on /potrdilo (valid), the editor
// revokes it, and the visitor's check then says revoked.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { guardConsole, launch, login, newContext } from './support/browser'

let browser: Browser
let workDir: string
beforeAll(async () => {
  browser = await launch()
  workDir = mkdtempSync(join(inject('workDir'), 'certificates-'))
})
afterAll(async () => {
  await browser?.close()
  rmSync(workDir, { recursive: true, force: true })
})

const rowsOf = (page: Page) => page.locator('table.certificates-table[data-scope="2"] tbody tr')

async function checkAsVisitor(page: Page, code: string, expected: 'valid' | 'revoked') {
  await page.goto(`/potrdilo?koda=${encodeURIComponent(code)}`)
  await page.locator(`.verify-result[data-verification="${expected}"]`).waitFor()
}

describe('attendance certificates', () => {
  it('issues to a year’s eligible, prints one to A4, verifies it, revokes it, verifies it revoked', async () => {
    const context = await newContext(browser, { acceptDownloads: true })
    const guard = guardConsole(context)
    const page = await context.newPage()
    await login(page, 'regEditor')
    await page.goto('/ATMcertsList?lang=EN')
    await page.locator('select[name="scope"]').selectOption('2')
    await rowsOf(page).first().waitFor()
    const eligible = rowsOf(page).and(page.locator('[data-eligible="true"]'))
    const count = await eligible.count()
    expect(count).toBeGreaterThan(0)
    expect(await page.locator('tbody tr[data-eligible="false"]').count()).toBeGreaterThan(0)
    const people = await eligible.evaluateAll((rows) =>
      rows.map((r) => r.getAttribute('data-person')),
    )
    // The demo's past cohort already holds its certificates (docs/0051-living-demo.md).
    const held = await page.locator('tbody [data-status="valid"]').count()

    await page.getByRole('button', { name: /Select all eligible/ }).click()
    await page.locator('button[data-action="issue"]').click()
    await expect
      .poll(() => page.locator('tbody [data-status="valid"]').count(), { timeout: 15_000 })
      .toBe(held + count)
    // Issued: nobody is eligible again for the same year.
    expect(await eligible.count()).toBe(0)

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('button[data-export="xlsx"]').click(),
    ])
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile((await download.path()) as string)
    const values = (workbook.worksheets[0]?.getSheetValues() ?? [])
      .slice(1)
      .map((row) => (Array.isArray(row) ? row.slice(1).map((cell) => String(cell ?? '')) : []))
    expect(values[0]).toEqual([
      'Name',
      'E-mail',
      'Attended',
      '%',
      'Missed',
      'Made up',
      'To make up',
      'Times late',
      'Limit',
      'Standing',
      'Certificate',
      'Code',
    ])
    const shownCount = await rowsOf(page).count()
    expect(values).toHaveLength(shownCount + 1)
    for (const person of people) {
      const row = values.find((r) => r[1] === person)
      expect(row?.[11], person ?? '').toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/)
    }

    const row = page.locator(`tbody tr[data-person="${people[0]}"]`)
    const name = (await row.locator('td').nth(1).textContent())?.trim() ?? ''
    const code = (await row.locator('[data-status="valid"]').getAttribute('data-certificate')) ?? ''
    await row.locator('.certificate-code-link').click()
    await page.locator('.certificate-page').nth(1).waitFor()
    await page.locator('.certificate-page svg.certificate-qr').first().waitFor()
    // The controls above the pages are a finger's size: the way back, the language, Print.
    const controls = await page
      .locator(
        '.certificate-screen > p a, .certificate-controls select, .certificate-controls button',
      )
      .evaluateAll((elements) => elements.map((e) => Math.round(e.getBoundingClientRect().height)))
    expect(controls).toHaveLength(3)
    for (const height of controls) expect(height).toBeGreaterThanOrEqual(44)
    const pdf = join(workDir, 'certificate.pdf')
    writeFileSync(pdf, await page.pdf({ format: 'A4', preferCSSPageSize: true }))
    const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' })
    expect(info).toMatch(/Pages:\s+2\n/)
    expect(info).toMatch(/Page size:\s+59\d\.\d+ x 841\.\d+ pts \(A4\)/)
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' })
    const pages = text.split('\f').filter((p) => p.trim() !== '')
    expect(pages).toHaveLength(2)
    for (const printed of pages) {
      expect(printed).toContain(name)
      expect(printed).toContain(code)
      expect(printed).not.toContain('Print or save as PDF')
      expect(printed).not.toContain('Back to the certificate list')
    }
    expect(pages[0]).toContain('Potrdilo o udeležbi')
    expect(pages[1]).toContain('Certificate of attendance')

    const visitor = await newContext(browser)
    const visitorGuard = guardConsole(visitor)
    const visitorPage = await visitor.newPage()
    await checkAsVisitor(visitorPage, code, 'valid')
    expect(await visitorPage.locator('[data-field="name"]').textContent()).toBe(name)
    // Typed by hand: lower case, no dashes.
    await visitorPage.goto('/potrdilo')
    await visitorPage.locator('#certificate-code').fill(code.toLowerCase().replaceAll('-', ''))
    await visitorPage.getByRole('button', { name: /^(Check|Preveri)$/ }).click()
    await visitorPage.locator('.verify-result[data-verification="valid"]').waitFor()

    // Its holder finds it on /mojRacun and opens it to print; the whole certificate shows.
    const holder = await newContext(browser)
    const holderGuard = guardConsole(holder)
    const holderPage = await holder.newPage()
    await login(holderPage, 'participant', { username: people[0] ?? '' })
    await holderPage.goto('/mojRacun?lang=EN')
    await holderPage.locator(`[data-certificate="${code}"] a`).click()
    await holderPage.locator('.verify-result[data-verification="valid"]').waitFor()
    await holderPage.locator('.certificate-page').nth(1).waitFor()
    expect(await holderPage.locator('.certificate-page').first().textContent()).toContain(code)
    await holderPage.locator('.certificate-page svg.certificate-qr').first().waitFor()
    const holderPdf = join(workDir, 'holder.pdf')
    writeFileSync(holderPdf, await holderPage.pdf({ format: 'A4', preferCSSPageSize: true }))
    expect(execFileSync('pdfinfo', [holderPdf], { encoding: 'utf8' })).toMatch(/Pages:\s+2\n/)
    const holderText = execFileSync('pdftotext', [holderPdf, '-'], { encoding: 'utf8' })
    expect(holderText).toContain(code)
    // The app bar, the check and its form stay on the screen.
    for (const chrome of ['Check a certificate', 'Valid certificate', 'Skip to content', 'Menu']) {
      expect(holderText).not.toContain(chrome)
    }
    holderGuard.check()
    await holder.close()

    await page.goto('/ATMcertsList?lang=EN')
    await page.locator('select[name="scope"]').selectOption('2')
    await row.locator('button[data-action="revoke"]').click()
    await page.locator('dialog textarea').fill('Issued by mistake')
    await page.locator('dialog').getByRole('button', { name: 'Revoke' }).click()
    await row.locator('[data-status="revoked"]').waitFor()

    await checkAsVisitor(visitorPage, code, 'revoked')
    guard.check()
    visitorGuard.check()
    await visitor.close()
    await context.close()
    expect(readFileSync(pdf).subarray(0, 4).toString()).toBe('%PDF')
  })
})
