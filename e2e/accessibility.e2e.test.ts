// axe-core in Chromium on every screen of the three personas, at their devices, in both
// languages: a visitor or participant on a phone (390×844), a presence editor on a tablet
// (1024×768) and an admin or registrar at a desk (1440×900). Any violation axe rates serious or
// critical fails the screen's test, listed by rule, element and screen. Open states count as
// screens of their own: the studio tablet with its sync panel open, the users list with its
// editor dialog open. On the touch devices the shared controls (web/src/ui: buttons, fields)
// must also be at least 44×44 px, a finger's size.
import axe from 'axe-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { guardConsole, launch, login, newContext, type ConsoleGuard } from './support/browser'
import { DEVICES, LANGUAGES, openScreen } from './support/screens'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

interface Screen {
  /** The route as the route table spells it (the layout's data-route). */
  route: string
  /** What shows that the screen has its content, when not what openScreen waits for. */
  ready?: string
  /** A state to open before the check (a panel, a dialog), named in the test. */
  open?: { name: string; run: (page: Page) => Promise<void> }
}

interface Persona {
  name: string
  /** Logged in as the demo user of this role; a visitor is not logged in. */
  role?: string
  device: BrowserContextOptions
  screens: Screen[]
}

const openSyncPanel = {
  name: 'sync panel open',
  async run(page: Page) {
    await page.locator('details.sync-status summary').click()
    await page.locator('details.sync-status[open] .sync-panel').waitFor()
  },
}

const openUserEditor = {
  name: 'editor dialog open',
  async run(page: Page) {
    await page.locator('table.users-table tbody tr button').first().click()
    await page.locator('dialog[open] form').waitFor()
  },
}

/** An editor's form for a new record, opened by the list's New button. */
const openNewRecord = {
  name: 'new record form open',
  async run(page: Page) {
    await page.locator('.edit-list-toolbar .btn-primary').click()
    await page.locator('form.edit-form').waitFor()
    // The rich-text editor has loaded (its toolbar is part of the form).
    await page.locator('form.edit-form .rich-text [role="textbox"]').first().waitFor()
  },
}

const PERSONAS: Persona[] = [
  {
    name: 'visitor (phone)',
    device: DEVICES.phone,
    screens: [
      { route: '/' },
      { route: '/urnik' },
      { route: '/urnik-print' },
      { route: '/auth/login' },
      { route: '/auth/register' },
      { route: '/auth/forgotPassword' },
      // Without a token the link page says the link is incomplete and offers a new one.
      { route: '/auth/newPassword' },
      { route: '/prijavaZaDan' },
      // A visitor is asked to sign in there.
      { route: '/prisotnosti', ready: 'p' },
      { route: '/prisotnostGraf', ready: 'p' },
      { route: '/nadomescanje', ready: '.makeup-upcoming p' },
      { route: '/potrdilo', ready: 'form.verify-form' },
    ],
  },
  {
    name: 'participant (phone)',
    role: 'participant',
    device: DEVICES.phone,
    screens: [
      { route: '/' },
      { route: '/urnik' },
      { route: '/prijavaZaDan' },
      { route: '/prisotnosti' },
      { route: '/prisotnostGraf' },
      { route: '/odsotnostOsebe' },
      { route: '/mojRacun', ready: 'form input[name="firstName"]' },
      { route: '/sosolci', ready: '.classmate' },
      { route: '/nadomescanje', ready: '.makeup-limits p' },
      { route: '/prijavaNadomescanje', ready: '#makeup-days-title' },
    ],
  },
  {
    name: 'presence editor (tablet)',
    role: 'presenceEditor',
    device: DEVICES.tablet,
    screens: [
      { route: '/ETAB' },
      { route: '/ETAB', open: openSyncPanel },
      { route: '/prisotnost' },
      { route: '/odsotnost' },
      { route: '/prisotnosti' },
    ],
  },
  {
    name: 'media editor (tablet)',
    role: 'mediaEditor',
    device: DEVICES.tablet,
    screens: [
      { route: '/libraryMedia', ready: 'table.edit-list-table' },
      { route: '/libraryMedia', open: openNewRecord },
      { route: '/projectMedia', ready: 'table.edit-list-table' },
      { route: '/projectMedia', open: openNewRecord },
      { route: '/projects', ready: 'article.project' },
      { route: '/mediji', ready: 'table.edit-list-table' },
    ],
  },
  {
    name: 'admin (desktop)',
    role: 'admin',
    device: DEVICES.desktop,
    screens: [
      { route: '/auth/users' },
      { route: '/auth/users', open: openUserEditor },
      { route: '/prijave' },
      { route: '/udelezenci' },
      { route: '/auth/selectMyRoles' },
    ],
  },
]

/** The shared controls of web/src/ui, as drawn on a screen. */
const SHARED_CONTROLS = [
  '.btn',
  '.input',
  '.field input:not([type="checkbox"]):not([type="radio"])',
  '.field select',
  '.field textarea',
  '.checks label',
].join(', ')
const MIN_TARGET_PX = 44

/** Each visible shared control smaller than a finger: what it is and its size. */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ selector, min }) =>
      [...document.querySelectorAll<HTMLElement>(selector)]
        .filter((element) => element.checkVisibility())
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width < min || box.height < min)
        .map(({ element, box }) => {
          const what = element.getAttribute('name') ?? element.textContent?.trim() ?? ''
          return `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${what}" ${Math.round(box.width)}×${Math.round(box.height)}`
        }),
    { selector: SHARED_CONTROLS, min: MIN_TARGET_PX },
  )
}

/** Impacts that fail the test; minor and moderate ones are axe's advice, not a barrier. */
const BLOCKING = new Set(['serious', 'critical'])

interface Finding {
  rule: string
  impact: string
  help: string
  /** Each failing element: its selector and what axe says is wrong with it. */
  elements: string[]
}

/** Runs axe in the page and returns its serious and critical violations, one line per element. */
async function blockingViolations(page: Page): Promise<Finding[]> {
  // The app's Content-Security-Policy forbids inline scripts; an evaluation through the
  // DevTools protocol is not a page script, so axe is installed this way, under the policy.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ['violations'],
    })
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.map((node) => ({
        target: node.target.join(' '),
        summary: node.failureSummary ?? '',
      })),
    }))
  })
  return violations
    .filter((v) => BLOCKING.has(v.impact))
    .map((v) => ({
      rule: v.rule,
      impact: v.impact,
      help: v.help,
      elements: v.nodes.map(
        (node) => `${node.target}: ${node.summary.replace(/^Fix \w+ of the following:\s*/, '')}`,
      ),
    }))
}

function describeFindings(screen: string, findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `${screen}: ${f.rule} (${f.impact}) ${f.help}\n` +
        f.elements.map((element) => `    at ${element.replace(/\s+/g, ' ')}`).join('\n'),
    )
    .join('\n')
}

for (const persona of PERSONAS) {
  for (const language of LANGUAGES) {
    describe(`axe: ${persona.name}, ${language.query}`, () => {
      let context: BrowserContext
      let guard: ConsoleGuard
      let page: Page
      beforeAll(async () => {
        context = await newContext(browser, persona.device)
        guard = guardConsole(context)
        page = await context.newPage()
        if (persona.role) await login(page, persona.role)
      })
      afterAll(async () => {
        await context?.close()
      })

      for (const screen of persona.screens) {
        const name = `${screen.route}${screen.open ? ` (${screen.open.name})` : ''}`
        it(`${name} has no serious or critical violation`, async () => {
          await openScreen(page, screen.route, language, screen.ready)
          if (screen.open) await screen.open.run(page)

          const findings = await blockingViolations(page)
          const where = `${persona.name} ${language.query} ${name}`
          // The list itself, so that the failure names every element and why.
          expect(describeFindings(where, findings)).toBe('')
          guard.check()
        })

        if (persona.device.hasTouch) {
          it(`${name} has shared controls of at least ${MIN_TARGET_PX}×${MIN_TARGET_PX} px`, async () => {
            await openScreen(page, screen.route, language, screen.ready)
            if (screen.open) await screen.open.run(page)
            expect(await smallTargets(page)).toEqual([])
            guard.check()
          })
        }
      }
    })
  }
}
