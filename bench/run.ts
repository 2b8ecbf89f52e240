// `npm run bench`: runs every benchmark script under bench/ (each a .ts file that runs when
// executed), one after another in its own process, so their figures do not disturb each other,
// then prints the performance table (issue 10) from the rows they recorded. `npm run bench --
// push-peer etab` runs only the scripts whose names contain one of the words. The benchmarks
// that serve the app's production build all serve one, built here once (bench/support/served-build.ts),
// or BENCH_WEB_DIR's when it is set.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp } from '../e2e/support/app-build'
import { WEB_DIR_ENV } from './support/served-build'
import { SUMMARY_FILE_ENV, summaryTable } from './support/summary'

const here = fileURLToPath(new URL('.', import.meta.url))
const only = process.argv.slice(2)
const benches = readdirSync(here, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && file !== 'run.ts' && !file.endsWith('.d.ts'))
  .filter((file) => !file.startsWith('support'))
  .filter((file) => only.length === 0 || only.some((word) => file.includes(word)))
  .sort()

const workDir = mkdtempSync(join(tmpdir(), 'lfit-bench-summary-'))
const summaryFile = join(workDir, 'rows.jsonl')
const servesBuild = (file: string) =>
  readFileSync(`${here}${file}`, 'utf8').includes('./support/served-build')
const env: NodeJS.ProcessEnv = { ...process.env, [SUMMARY_FILE_ENV]: summaryFile }
if (!env[WEB_DIR_ENV] && benches.some(servesBuild)) {
  console.log('# the production build the browser benchmarks serve')
  env[WEB_DIR_ENV] = join(workDir, 'web')
  await buildApp(env[WEB_DIR_ENV], 'bench')
}
let failed = 0
for (const file of benches) {
  console.log(`\n# bench/${file}`)
  const run = spawnSync(process.execPath, ['--import', 'tsx', `${here}${file}`], {
    stdio: 'inherit',
    env,
  })
  if (run.status !== 0) failed += 1
}
console.log(`\n# the performance table (issue 10), load average now ${loadavg().join(' ')}`)
console.log(summaryTable(summaryFile))
rmSync(workDir, { recursive: true, force: true })
process.exitCode = failed > 0 ? 1 : 0
