// Lighthouse (mobile preset: emulated phone, simulated slow 4G and CPU) on the first pages a
// visitor sees, `/` and `/urnik`, against the real server and a production build, in Debian's
// Chromium. Prints the four category scores per page next to the targets of issue 6; nothing
// here asserts.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM, CHROMIUM_FLAGS } from '../e2e/support/browser'
import { serveNewBuild } from '../e2e/support/server'

const PAGES = ['/', '/urnik']
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
]
const TARGETS = {
  performance: 90,
  accessibility: 95,
  'best-practices': 95,
  seo: 90,
} as const

async function main() {
  const workDir = mkdtempSync(join(tmpdir(), 'lfit-bench-lighthouse-'))
  const server = await serveNewBuild(workDir, 'lighthouse')
  const profile = join(workDir, 'profile')
  mkdirSync(profile)
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
    userDataDir: profile,
  })
  try {
    console.log('Lighthouse, mobile preset (score / target)')
    for (const path of PAGES) {
      const result = await lighthouse(`${server.url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(TARGETS),
      })
      const categories = result?.lhr.categories ?? {}
      const scores = Object.entries(TARGETS).map(([id, target]) => {
        const score = Math.round((categories[id]?.score ?? 0) * 100)
        return `${id} ${score}/${target}${score < target ? ' (below)' : ''}`
      })
      console.log(`  ${path.padEnd(8)} ${scores.join(', ')}`)
      const audits = result?.lhr.audits ?? {}
      const metrics = METRICS.map((id) => `${id} ${audits[id]?.displayValue ?? '?'}`)
      console.log(`  ${''.padEnd(8)} ${metrics.join(', ')}`)
    }
  } finally {
    chrome.kill()
    await server.stop()
    rmSync(workDir, { recursive: true, force: true })
  }
}

await main()
