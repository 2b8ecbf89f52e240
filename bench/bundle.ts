// A visitor's JavaScript on `/` until the network is idle, and the service worker's precache
// (issue 10's bundle row, issue 35's count of every script the page loads, docs/0052): reads the
// figures the bundle budget check prints of the run's build (bench/support/served-build.ts) or of
// one built now into a temp dir (the same check
// `npm test` runs, which fails over budget; e2e/visitor-download.e2e.test.ts proves its list is
// what Chromium requests). Bytes, not time, so it needs no quiet machine.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp, repoRoot } from '../e2e/support/app-build'
import { WEB_DIR_ENV } from './support/served-build'
import { recordFigure } from './support/summary'

const BUDGET_KB = 150

const workDir = mkdtempSync(join(tmpdir(), 'lfit-bench-bundle-'))
try {
  const dist = process.env[WEB_DIR_ENV] ?? join(workDir, 'web')
  if (!process.env[WEB_DIR_ENV]) await buildApp(dist, 'bench-bundle')
  const check = spawnSync(
    process.execPath,
    [join(repoRoot, 'web/scripts/check-bundle-size.mjs'), `${dist}/`],
    { encoding: 'utf8' },
  )
  const visitor = /a visitor's JavaScript on \/: ([\d.]+) kB gzip in (\d+) files/.exec(check.stdout)
  const precache = /precache: (\d+) files, ([\d.]+) kB gzip/.exec(check.stdout)
  if (!visitor || !precache) throw new Error(`bundle check said: ${check.stdout}${check.stderr}`)
  const kb = Number(visitor[1])
  console.log(
    `  a visitor's JavaScript on / until idle   ${visitor[1]} kB gzip in ${visitor[2]} files (goal ≤ ${BUDGET_KB} kB)`,
  )
  console.log(
    `  precache                                 ${precache[2]} kB gzip in ${precache[1]} files`,
  )
  recordFigure({
    figure: "a visitor's JavaScript on / until idle, gzip",
    value: `${visitor[1]} kB`,
    ratio: `${((kb / BUDGET_KB) * 100).toFixed(0)} % of the budget`,
    goal: `≤ ${BUDGET_KB} kB`,
    met: kb <= BUDGET_KB,
  })
} finally {
  rmSync(workDir, { recursive: true, force: true })
}
