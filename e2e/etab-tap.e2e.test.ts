// A tap on /ETAB shows its mark once its strict IndexedDB write has ended
// (docs/0020-tap-shows-when-written.md): in Chromium against the real server, a mark reloaded
// away the moment it shows is still there, and a write the device refuses never shows, is said
// so in the editor's language, and queues nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import type { StudyDay } from '@lfit/domain/schedule'
import { guardConsole, launch, login, newContext } from './support/browser'
import { etabUrl, unmarkedStudyDays } from './support/study-days'

/**
 * Past study days of years 2 to 4 that the demo data leaves unmarked and no other test file
 * writes (etab.e2e.test.ts takes every third of the same list, live-updates.e2e.test.ts year 1).
 */
const quietDays: StudyDay[] = unmarkedStudyDays().filter(
  (d, index) => index % 3 === 2 && d.year > 1,
)
const dayFor = (test: number): StudyDay => {
  const day = quietDays[test]
  if (!day) throw new Error('the schedule has too few past study days for these tests')
  return day
}

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

async function openDay(page: Page, day: StudyDay): Promise<string> {
  await page.goto(etabUrl(day))
  const first = page.locator(`section.etab[data-day="${day.id}"] li.etab-row`).first()
  await first.waitFor()
  return (await first.getAttribute('data-participant')) as string
}

const markOf = (page: Page, username: string) =>
  page.locator(`li.etab-row[data-participant="${username}"]`).getAttribute('data-mark')

const pendingCount = async (page: Page) =>
  Number((await page.getByTestId('pending-count').innerText()).replace(/\D/g, ''))

/** Taps `username`'s name; answers the mark the row showed in the same task as the tap. */
function tapShownAtOnce(page: Page, username: string): Promise<string | undefined> {
  return page.evaluate((who) => {
    const row = document.querySelector<HTMLLIElement>(`li.etab-row[data-participant="${who}"]`)
    row?.querySelector<HTMLButtonElement>('button.etab-person')?.click()
    return new Promise<string | undefined>((resolve) =>
      queueMicrotask(() => queueMicrotask(() => resolve(row?.dataset.mark))),
    )
  }, username)
}

describe('a tap on /ETAB', () => {
  it('keeps a mark across a reload fired the moment it shows', async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    const page = await context.newPage()
    await login(page, 'presenceEditor')
    const day = dayFor(0)
    const first = await openDay(page, day)
    expect(await markOf(page, first)).toBe('none')

    // Reloaded from the page itself as soon as the mark is on screen: no time for anything else.
    const reloaded = page.waitForEvent('load')
    await page.evaluate((who) => {
      const row = document.querySelector<HTMLLIElement>(`li.etab-row[data-participant="${who}"]`)
      if (!row) throw new Error(`no row of ${who}`)
      new MutationObserver(() => location.reload()).observe(row, {
        attributes: true,
        attributeFilter: ['data-mark'],
      })
      row.querySelector<HTMLButtonElement>('button.etab-person')?.click()
    }, first)
    await reloaded
    await page.locator(`li.etab-row[data-participant="${first}"][data-mark="present"]`).waitFor()
    guard.check()
    await context.close()
  })

  it('never shows a mark the device could not write and says so, in Slovenian too', async () => {
    const context = await newContext(browser)
    const guard = guardConsole(context)
    guard.allow(/an edit could not be written to the device/)
    const page = await context.newPage()
    await login(page, 'presenceEditor')
    await page.goto('/?lang=SI')
    const day = dayFor(1)
    const first = await openDay(page, day)
    const name = (await page
      .locator(`li.etab-row[data-participant="${first}"] .etab-name`)
      .innerText()) as string
    await page.waitForFunction(
      () => document.querySelector('[data-testid="pending-count"]')?.textContent?.trim() === '⟳ 0',
    )

    // The device refuses every write to the outbox from now on (a full disk, a broken database).
    await page.evaluate(() => {
      const add = IDBObjectStore.prototype.add
      IDBObjectStore.prototype.add = function (this: IDBObjectStore, ...args) {
        if (this.name === 'outbox') throw new DOMException('the disk is full', 'QuotaExceededError')
        return add.apply(this, args)
      }
    })
    // A mark shows once it is on the device: this one never does.
    expect(await tapShownAtOnce(page, first)).toBe('none')
    const alert = page.locator('.etab-unsaved[role="alert"]')
    await alert.waitFor()
    expect(await alert.innerText()).toContain(`Ni shranjeno na tej napravi: ${name}`)
    expect(await markOf(page, first)).toBe('none')
    expect(await pendingCount(page)).toBe(0)
    expect(
      await page.locator(`li.etab-row[data-participant="${first}"]`).getAttribute('data-pending'),
    ).toBe('0')
    // Nothing to undo: the change never happened.
    expect(await page.locator('button.etab-undo').isDisabled()).toBe(true)

    await alert.getByRole('button').click()
    await alert.waitFor({ state: 'detached' })
    await page.reload()
    await page.locator(`li.etab-row[data-participant="${first}"]`).waitFor()
    expect(await markOf(page, first)).toBe('none')
    guard.check()
    await context.close()
  })
})
