// The first route's JavaScript and the service worker's precache (issue 10's bundle row): builds
// the app into a temp dir and reads the figures the bundle budget check prints (the same check
// `npm test` runs, which fails over budget). Bytes, not time, so it needs no quiet machine.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp, repoRoot } from '../e2e/support/app-build'
import { recordFigure } from './support/summary'

const BUDGET_KB = 150

const workDir = mkdtempSync(join(tmpdir(), 'lfit-bench-bundle-'))
try {
  const dist = join(workDir, 'web')
  await buildApp(dist, 'bench-bundle')
  const check = spawnSync(
    process.execPath,
    [join(repoRoot, 'web/scripts/check-bundle-size.mjs'), `${dist}/`],
    { encoding: 'utf8' },
  )
  const firstRoute = /first route JavaScript: ([\d.]+) kB gzip/.exec(check.stdout)?.[1]
  const precache = /precache: (\d+) files, ([\d.]+) kB gzip/.exec(check.stdout)
  if (!firstRoute || !precache) throw new Error(`bundle check said: ${check.stdout}${check.stderr}`)
  console.log(`  first route's JavaScript   ${firstRoute} kB gzip (budget ${BUDGET_KB} kB)`)
  console.log(`  precache                   ${precache[2]} kB gzip in ${precache[1]} files`)
  recordFigure({
    figure: "first route's JavaScript, gzip",
    value: `${firstRoute} kB`,
    ratio: `${((Number(firstRoute) / BUDGET_KB) * 100).toFixed(0)} % of the budget`,
    goal: `≤ ${BUDGET_KB} kB`,
    met: Number(firstRoute) <= BUDGET_KB,
  })
} finally {
  rmSync(workDir, { recursive: true, force: true })
}
