// Finding people and absences at the desk (1440 px), in both languages: /odsotnost narrows the
// recorded absences by person, programme year and span of days; /odsotnostOsebe and
// /prisotnostGraf pick the person with the one searchable picker, by typing and by keyboard,
// with rows a finger can hit.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { afterFirstSync, guardConsole, launch, login, newContext } from './support/browser'
import { DEVICES, LANGUAGES, openScreen } from './support/screens'

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/lfit-shots'
const ZAN = 'zan.zagar@demo.test'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
  mkdirSync(SHOTS, { recursive: true })
})
afterAll(async () => {
  await browser?.close()
})

/** The listed absences' data attributes. */
const listed = (page: Page) =>
  page.locator('li[data-testid="absence"]').evaluateAll((items) =>
    items.map((item) => ({
      participant: item.getAttribute('data-participant') ?? '',
      name: item.querySelector('strong')?.textContent ?? '',
      year: item.getAttribute('data-year'),
      from: item.getAttribute('data-from') ?? '',
      to: item.getAttribute('data-to') ?? '',
    })),
  )

const shownCount = async (page: Page) =>
  Number(await page.locator('p[data-shown]').getAttribute('data-shown'))

describe('finding at the desk', () => {
  for (const language of LANGUAGES) {
    it(`/odsotnost finds absences by person, year and days (${language.lang})`, async () => {
      const context = await newContext(browser, DEVICES.desktop)
      const guard = guardConsole(context)
      const page = await context.newPage()
      await login(page, 'presenceEditor')
      await openScreen(page, '/odsotnost', language, 'li[data-testid="absence"]')
      await afterFirstSync(page)
      const all = await listed(page)
      expect(all.length).toBeGreaterThan(1)
      expect(await shownCount(page)).toBe(all.length)

      // By person: the full name of someone listed finds only them.
      const someone = all[0] as (typeof all)[number]
      await page.locator('.absence-filter input[name="search"]').fill(someone.name)
      await expect
        .poll(async () => [...new Set((await listed(page)).map((a) => a.participant))])
        .toEqual([someone.participant])
      await page.screenshot({ path: join(SHOTS, `odsotnost-desk-${language.lang}.png`) })
      await page.locator('.absence-filter button', { hasText: /Show all|Pokaži vse/ }).click()
      await expect.poll(() => shownCount(page)).toBe(all.length)

      // By programme year: only that year's people.
      const year = someone.year as string
      await page.locator('.absence-filter select[name="year"]').selectOption(year)
      const ofYear = all.filter((a) => a.year === year).length
      await expect.poll(() => shownCount(page)).toBe(ofYear)
      expect((await listed(page)).every((a) => a.year === year)).toBe(true)
      await page.locator('.absence-filter select[name="year"]').selectOption('')

      // By days: a span of one day lists the absences that touch it.
      const day = someone.from
      await page.locator('.absence-filter input[name="from"]').fill(day)
      await page.locator('.absence-filter input[name="to"]').fill(day)
      const touching = all.filter((a) => a.from <= day && a.to >= day).length
      await expect.poll(() => shownCount(page)).toBe(touching)
      expect((await listed(page)).every((a) => a.from <= day && a.to >= day)).toBe(true)
      guard.check()
      await context.close()
    })

    it(`the person picker filters as one types and picks by keyboard (${language.lang})`, async () => {
      const context = await newContext(browser, DEVICES.desktop)
      const guard = guardConsole(context)
      const page = await context.newPage()
      await login(page, 'presenceEditor')
      for (const route of ['/odsotnostOsebe', '/prisotnostGraf']) {
        await openScreen(page, route, language, '.person-picker input[role="combobox"]')
        const box = page.locator('.person-picker input[role="combobox"]')
        // Typed without the accents, the name is found; everyone listed fits what was typed.
        await box.fill('zan zag')
        const options = page.locator('.person-picker [role="option"]')
        await expect.poll(() => options.count()).toBe(1)
        await expect(options.first().getAttribute('data-username')).resolves.toBe(ZAN)
        const height = (await options.first().boundingBox())?.height ?? 0
        expect(height).toBeGreaterThanOrEqual(44)
        await page.screenshot({
          path: join(SHOTS, `picker-${route.slice(1)}-desk-${language.lang}.png`),
        })
        await box.press('Enter')
        await expect(box.getAttribute('aria-expanded')).resolves.toBe('false')
        await expect(box.inputValue()).resolves.toBe('Žan Žagar')
        if (route === '/odsotnostOsebe') {
          const people = await listed(page)
          expect(people.every((a) => a.participant === ZAN)).toBe(true)
        } else {
          const graph = page.locator(`.person-graph[data-person="${ZAN}"]`)
          const none = page.locator('.route p', { hasText: /No attendance|Prisotnost še ni/ })
          await graph.or(none).first().waitFor()
        }

        // By keyboard alone: emptied, the list offers everyone from the first row; two rows
        // down, Enter picks the third person listed.
        await box.fill('')
        await box.press('ArrowDown')
        await box.press('ArrowDown')
        const active = page.locator('.person-picker [role="option"][data-active]')
        const third = await page
          .locator('.person-picker [role="option"]')
          .nth(2)
          .getAttribute('data-username')
        await expect(active.getAttribute('data-username')).resolves.toBe(third)
        await expect(box.getAttribute('aria-activedescendant')).resolves.toBe(
          await active.getAttribute('id'),
        )
        await box.press('Enter')
        await expect(
          page
            .locator(`.person-picker [role="option"][aria-selected="true"]`)
            .getAttribute('data-username'),
        ).resolves.toBe(third)
        // Escape closes the list and keeps the person.
        await box.press('ArrowDown')
        await box.press('Escape')
        await expect(box.getAttribute('aria-expanded')).resolves.toBe('false')
      }
      guard.check()
      await context.close()
    })
  }
})
