// Screenshots of the three personas' main screens at their devices, in both languages, written
// to e2e/screenshots/ (committed, for a person to look at and to compare in review) as
// persona-screen-viewport-lang.png: a participant's phone (390×844), the presence editor's
// tablet in landscape and portrait (1024×768, 768×1024) and the registrar's desk (1440×900; the
// users list is the admin's, so the registrar signs in as admin). Each is a PNG of the
// viewport's size at device scale 1, to keep the committed files small.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { repoRoot } from './support/app-build'
import { guardConsole, launch, login, newContext, type ConsoleGuard } from './support/browser'
import { DEVICES, LANGUAGES, openScreen } from './support/screens'

const OUT_DIR = join(repoRoot, 'e2e/screenshots')

let browser: Browser
beforeAll(async () => {
  browser = await launch()
  mkdirSync(OUT_DIR, { recursive: true })
})
afterAll(async () => {
  await browser?.close()
})

interface Persona {
  name: string
  role: string
  devices: BrowserContextOptions[]
  /** Route (as the route table spells it) and the screen's name in the file name. */
  screens: { route: string; name: string }[]
}

const PERSONAS: Persona[] = [
  {
    name: 'participant',
    role: 'participant',
    devices: [DEVICES.phone],
    screens: [
      { route: '/', name: 'home' },
      { route: '/urnik', name: 'urnik' },
      { route: '/prisotnosti', name: 'prisotnosti' },
      { route: '/odsotnostOsebe', name: 'odsotnostosebe' },
      { route: '/nadomescanje', name: 'nadomescanje' },
      { route: '/prijavaNadomescanje', name: 'prijavanadomescanje' },
      { route: '/mojRacun', name: 'mojracun' },
      { route: '/gradiva', name: 'gradiva' },
      { route: '/knjiznjica', name: 'knjiznjica' },
      { route: '/photos', name: 'photos' },
    ],
  },
  {
    name: 'presence-editor',
    role: 'presenceEditor',
    devices: [DEVICES.tablet, DEVICES.tabletPortrait],
    screens: [
      { route: '/ETAB', name: 'etab' },
      { route: '/prisotnost', name: 'prisotnost' },
    ],
  },
  {
    name: 'registrar',
    role: 'admin',
    devices: [DEVICES.desktop],
    screens: [
      { route: '/auth/users', name: 'users' },
      { route: '/prijave', name: 'prijave' },
      { route: '/poster', name: 'poster' },
      { route: '/ATMcertsList', name: 'atmcertslist' },
    ],
  },
  {
    name: 'media-editor',
    role: 'mediaEditor',
    devices: [DEVICES.desktop, DEVICES.tablet],
    screens: [
      { route: '/gradivaSeznam', name: 'gradivaseznam' },
      { route: '/libraryMedia', name: 'librarymedia' },
      { route: '/projectMedia', name: 'projectmedia' },
      { route: '/dir', name: 'dir' },
    ],
  },
]

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE), 'PNG signature').toBe(true)
  expect(bytes.toString('ascii', 12, 16)).toBe('IHDR')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

for (const persona of PERSONAS) {
  for (const device of persona.devices) {
    const { width, height } = device.viewport ?? { width: 0, height: 0 }
    const viewport = `${width}x${height}`
    for (const language of LANGUAGES) {
      describe(`screenshots: ${persona.name}, ${viewport}, ${language.query}`, () => {
        let context: BrowserContext
        let guard: ConsoleGuard
        let page: Page
        beforeAll(async () => {
          context = await newContext(browser, device)
          guard = guardConsole(context)
          page = await context.newPage()
          await login(page, persona.role)
        })
        afterAll(async () => {
          await context?.close()
        })

        for (const screen of persona.screens) {
          const file = join(
            OUT_DIR,
            `${persona.name}-${screen.name}-${viewport}-${language.lang}.png`,
          )
          it(screen.route, async () => {
            rmSync(file, { force: true })
            await openScreen(page, screen.route, language)
            await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' })

            expect(existsSync(file)).toBe(true)
            expect(statSync(file).size).toBeGreaterThan(0)
            expect(pngSize(readFileSync(file))).toEqual({ width, height })
            guard.check()
          })
        }
      })
    }
  }
}
