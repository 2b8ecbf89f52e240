// Lighthouse (mobile preset: emulated phone, simulated slow 4G and CPU) on the first pages a
// visitor sees, `/` and `/urnik`, and on the studio tablet `/ETAB` as the presence editor,
// against the real server and a production build, in Debian's Chromium. Prints the four
// category scores per page next to their targets, and the accessibility audits that failed;
// nothing here asserts. Each page is audited LIGHTHOUSE_RUNS times (default 3; Lighthouse's
// score moves a few points between runs) and the run with the median performance score is the
// one printed and recorded.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { CHROMIUM, CHROMIUM_FLAGS, DEMO_PASSWORD, demoUser } from '../e2e/support/browser'
import { serveBuild } from './support/served-build'
import { login } from './support/api'
import { recordFigure } from './support/summary'

/**
 * Each page, the demo role it is audited as (none: a visitor), and its performance goal: the
 * public pages a visitor opens first on a phone aim higher than the studio tablet's screen.
 */
const PAGES: { path: string; role?: string; ready?: string; performance: number }[] = [
  { path: '/', performance: 98 },
  { path: '/urnik', performance: 98 },
  { path: '/ETAB', role: 'presenceEditor', ready: 'li.etab-row', performance: 95 },
]
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
]
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const TARGETS = {
  performance: 90,
  accessibility: 100,
  'best-practices': 95,
  seo: 90,
} as const

/**
 * Signs the Chrome under audit in as `role`: the session cookie goes into its cookie jar, and
 * one visit of the page fills its local database (Lighthouse keeps cookies and IndexedDB between
 * runs), so the audit sees the screen with its list, as a tablet in use does.
 */
async function signIn(base: string, port: number, role: string, path: string, ready: string) {
  const { cookie } = await login(base, demoUser(role), DEMO_PASSWORD)
  const [name = '', value = ''] = cookie.split('=', 2)
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const context = browser.contexts()[0]
    if (!context) throw new Error('the launched Chrome has no default context')
    await context.addCookies([{ name, value, url: base, httpOnly: true, sameSite: 'Lax' }])
    const page = await context.newPage()
    await page.goto(`${base}${path}`)
    await page.locator(ready).first().waitFor()
    await page.close()
  } finally {
    await browser.close()
  }
}

async function main() {
  const workDir = mkdtempSync(join(tmpdir(), 'lfit-bench-lighthouse-'))
  const server = await serveBuild(workDir, 'lighthouse')
  // A server that has been up: its render of the public pages is loaded and kept (docs/0023), as
  // it is for every visitor but the first after a start or a deployment.
  for (const { path, role } of PAGES) {
    if (!role) await (await fetch(`${server.url}${path}`)).text()
  }
  const profile = join(workDir, 'profile')
  mkdirSync(profile)
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
    userDataDir: profile,
  })
  try {
    console.log('Lighthouse, mobile preset (score / target)')
    for (const { path, role, ready, performance } of PAGES) {
      if (role) await signIn(server.url, chrome.port, role, path, ready ?? 'h1')
      const runs = []
      for (let run = 0; run < RUNS; run += 1) {
        const audited = await lighthouse(`${server.url}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: Object.keys(TARGETS),
        })
        if (audited) runs.push(audited)
      }
      const byScore = runs.sort(
        (a, b) =>
          (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0),
      )
      const result = byScore[Math.floor(byScore.length / 2)]
      const scoresOfRuns = byScore.map((run) =>
        Math.round((run.lhr.categories.performance?.score ?? 0) * 100),
      )
      // LIGHTHOUSE_REPORTS=<dir> keeps each page's full report, to read which audits cost points.
      const reports = process.env.LIGHTHOUSE_REPORTS
      if (reports && result) {
        const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')
        writeFileSync(join(reports, `${name}.json`), JSON.stringify(result.lhr))
      }
      const categories = result?.lhr.categories ?? {}
      const scores = Object.entries({ ...TARGETS, performance }).map(([id, target]) => {
        const score = Math.round((categories[id]?.score ?? 0) * 100)
        return `${id} ${score}/${target}${score < target ? ' (below)' : ''}`
      })
      console.log(`  ${path.padEnd(8)} ${scores.join(', ')}`)
      const audits = result?.lhr.audits ?? {}
      const metrics = METRICS.map((id) => `${id} ${audits[id]?.displayValue ?? '?'}`)
      console.log(`  ${''.padEnd(8)} ${metrics.join(', ')}`)
      // Lighthouse simulates the slow phone from the CPU time it observed: a busy machine costs points.
      const load = loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')
      console.log(`  ${''.padEnd(8)} load average ${load}`)
      // Every page's score is a row of the table, /ETAB's with its own goal.
      const score = Math.round((categories.performance?.score ?? 0) * 100)
      recordFigure({
        figure: 'Lighthouse mobile performance',
        value: `${path} ${score} (median of ${scoresOfRuns.join(' / ')})`,
        ratio: METRICS.slice(0, 3)
          .map((id) => `${id.replace(/-/g, ' ')} ${audits[id]?.displayValue ?? '?'}`)
          .join(', '),
        goal: `≥ ${performance}`,
        met: score >= performance,
      })
      // What keeps accessibility below 100: each failed audit with the elements it names.
      for (const ref of categories.accessibility?.auditRefs ?? []) {
        const audit = audits[ref.id]
        if (!audit || ref.weight === 0 || audit.score === null || audit.score === 1) continue
        const details = audit.details as { items?: { node?: { selector?: string } }[] } | undefined
        const where = (details?.items ?? []).map((item) => item.node?.selector).filter(Boolean)
        console.log(`  ${''.padEnd(8)} accessibility: ${ref.id}: ${where.join(', ')}`)
      }
    }
  } finally {
    chrome.kill()
    await server.stop()
    rmSync(workDir, { recursive: true, force: true })
  }
}

await main()
