// The timetable as a participant on a phone (390×844) and a studio tablet (1024×768) meet it
// (issue 11), in Chromium against the real server, with the clock fixed in Ljubljana: today and
// the next training day are marked with words, not colour alone; the venue is named; a segment
// is named once, in the reader's language; the extra material is a period, never "212 study
// days"; and the print view has a print button and a year choice kept in the address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { schedule } from '@lfit/domain/schedule'
import { guardConsole, launch, newContext } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** A wall-clock time in Ljubljana (CET in November) as a Date. */
const ljubljana = (isoLocal: string) => new Date(`${isoLocal}+01:00`)

const VIEWPORTS = [
  ['phone', { width: 390, height: 844 }],
  ['tablet', { width: 1024, height: 768 }],
] as const

async function openAt(viewport: { width: number; height: number }, now: Date) {
  const context = await newContext(browser, { viewport })
  await context.clock.setFixedTime(now)
  const guard = guardConsole(context)
  const page = await context.newPage()
  return { context, guard, page }
}

/** The page's content is as wide as the screen: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ])
  expect(widths[0]).toBeLessThanOrEqual(widths[1] as number)
}

async function expectTouchTarget(page: Page, selector: string) {
  const box = await page.locator(selector).boundingBox()
  expect(box, selector).not.toBeNull()
  expect(box!.height, `${selector} height`).toBeGreaterThanOrEqual(44)
  expect(box!.width, `${selector} width`).toBeGreaterThanOrEqual(44)
}

describe.each(VIEWPORTS)('/urnik on a %s', (_device, viewport) => {
  it('marks today and the next training day, names the venue and each segment once', async () => {
    // Tuesday 17 November 2026 at 17:00: today's training (09:30–16:30) is over.
    const { context, guard, page } = await openAt(viewport, ljubljana('2026-11-17T17:00:00'))
    await page.goto('/urnik?lang=EN')
    const today = page.locator('tr[aria-current="date"]')
    await today.waitFor()
    expect(await today.getAttribute('data-day')).toBe('lfit_20261117')
    expect(await today.locator('.day-badge').innerText()).toBe('Today')
    const next = page.locator('tr.is-next')
    expect(await next.count()).toBe(1)
    expect(await next.getAttribute('data-day')).toBe('lfit_20261118')
    expect(await next.locator('.day-badge').innerText()).toBe('Next training day')
    await next.scrollIntoViewIfNeeded()
    expect(await next.locator('.day-badge').isVisible()).toBe(true)

    const venue = schedule().venue
    const summary = page.getByTestId('timetable-next')
    expect(await summary.innerText()).toContain(`Next training day: Wed 18 Nov 2026, 09:30–16:30`)
    expect(await summary.innerText()).toContain(venue)
    expect(await page.getByTestId('timetable-venue').innerText()).toContain(`Venue: ${venue}`)

    // The segment picker names a segment once: "Segment 12", never "12 · Segment 12".
    const options = await page.locator('.timetable-controls select').nth(1).locator('option')
    const labels = await options.allInnerTexts()
    expect(labels).toEqual(['Segment 10', 'Segment 11', 'Segment 12', 'Extra material'])
    expect(await page.locator('section.segment-table h2').innerText()).toMatch(/^Segment 12\s/)
    await expectTouchTarget(page, '.timetable-controls select >> nth=1')
    await expectNoSidewaysScroll(page)
    guard.check()
    await context.close()
  })

  it('lists the extra material as a period, with no study days, in both languages', async () => {
    const { context, guard, page } = await openAt(viewport, ljubljana('2027-01-15T10:00:00'))
    await page.goto('/urnik?lang=EN&year=5&segment=99')
    const period = page.getByTestId('extra-material-period')
    await period.waitFor()
    expect(await period.innerText()).toContain('Extra material, Tue 1 Dec 2026 – Wed 30 Jun 2027')
    expect(await page.locator('table.timetable').count()).toBe(0)
    expect(await page.locator('tr[aria-current="date"], tr.is-next').count()).toBe(0)
    expect(await page.getByTestId('timetable-next').innerText()).toBe(
      'There are no more training days in the timetable.',
    )

    // The overview of a year lists it with no study days, never 212.
    await page.goto('/urnik?lang=EN&year=4&view=header')
    const row = page.locator('table.timetable tbody tr', { hasText: 'Extra material' })
    await row.waitFor()
    const studyDays = row.locator('td').nth(2)
    expect(await studyDays.textContent()).toBe('—no study days')
    expect(await studyDays.locator('[aria-hidden="true"]').innerText()).toBe('—')
    expect(await page.locator('main').innerText()).not.toMatch(/\b212\b/)

    await page.goto('/urnik?lang=SI&year=5&segment=99')
    await page.locator('html[lang="sl"]').waitFor({ state: 'attached' })
    expect(await page.getByTestId('extra-material-period').innerText()).toContain(
      'Dodatno gradivo, tor., 1. 12. 2026 – sre., 30. 6. 2027',
    )
    expect(await page.locator('.timetable-controls select').nth(1).inputValue()).toBe('99')
    guard.check()
    await context.close()
  })

  it('speaks Slovenian: today, the next day, the venue and the counts', async () => {
    const { context, guard, page } = await openAt(viewport, ljubljana('2026-11-17T17:00:00'))
    await page.goto('/urnik?lang=SI')
    await page.locator('html[lang="sl"]').waitFor({ state: 'attached' })
    await page.locator('tr[aria-current="date"] .day-badge', { hasText: 'Danes' }).waitFor()
    expect(await page.locator('tr.is-next .day-badge').innerText()).toBe(
      'Naslednji dan usposabljanja',
    )
    expect(await page.getByTestId('timetable-next').innerText()).toContain('sre., 18. 11. 2026')
    expect(await page.getByTestId('timetable-venue').innerText()).toContain('Lokacija:')
    const captions = await page.locator('table.timetable > caption').allInnerTexts()
    expect(captions.join('\n')).toContain('5 študijskih dni')
    guard.check()
    await context.close()
  })
})

describe.each(VIEWPORTS)('/urnik-print on a %s', (_device, viewport) => {
  it('has a print button and a year choice kept in the address', async () => {
    const { context, guard, page } = await openAt(viewport, ljubljana('2026-11-17T17:00:00'))
    // The browser's print dialog is not part of a headless run: count the calls instead.
    await context.addInitScript(() => {
      const counted = window as unknown as { printed: number }
      counted.printed = 0
      window.print = () => void (counted.printed += 1)
    })
    await page.goto('/urnik-print?lang=EN')
    const years = [...new Set(schedule().blocks.map((b) => b.year))]
    await page
      .locator('[data-testid="print-year"]')
      .nth(years.length - 1)
      .waitFor()
    const choice = page.locator('.print-controls select[name="year"]')
    expect(await choice.inputValue()).toBe('')
    expect(await choice.locator('option').allInnerTexts()).toEqual([
      'All years',
      ...years.map((y) => `Year ${y}`),
    ])

    await choice.selectOption('2')
    await page.waitForURL((url) => url.searchParams.get('year') === '2')
    await page.getByRole('heading', { name: 'Timetable, year 2' }).waitFor()
    expect(await page.locator('[data-testid="print-year"]').count()).toBe(1)

    // The address alone prints the same year (a reload, a shared link, /urnikPrn too).
    await page.reload()
    await page.getByRole('heading', { name: 'Timetable, year 2' }).waitFor()
    expect(await page.locator('[data-testid="print-year"]').count()).toBe(1)
    expect(await choice.inputValue()).toBe('2')
    await page.goto('/urnikPrn?year=5')
    await page.getByRole('heading', { name: 'Timetable, year 5' }).waitFor()
    const extra = page.locator('[data-testid="print-year"] tbody tr')
    expect(await extra.count()).toBe(1)
    expect(await extra.locator('td').nth(2).innerText()).toBe('none: extra material')

    const print = page.getByRole('button', { name: 'Print' })
    await expectTouchTarget(page, '.print-controls button')
    await print.click()
    await page.waitForFunction(() => (window as unknown as { printed: number }).printed === 1)
    await page.goto('/urnik-print')
    await page
      .locator('[data-testid="print-year"]')
      .nth(years.length - 1)
      .waitFor()
    await expectNoSidewaysScroll(page)
    // The controls are not printed.
    await page.emulateMedia({ media: 'print' })
    expect(await page.locator('.print-controls').isVisible()).toBe(false)
    guard.check()
    await context.close()
  })
})
