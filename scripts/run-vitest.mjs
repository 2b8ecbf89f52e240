// Runs every Vitest project once and ends with the plain 'N passed, N failed' line that CI reads.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'

mkdirSync('.cache', { recursive: true })
const report = '.cache/vitest-report.json'
const run = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
)
let summary = null
try {
  summary = JSON.parse(readFileSync(report, 'utf8'))
} catch {
  console.error('vitest wrote no report')
}
if (summary) {
  console.log(`unit: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed`)
  if (summary.numTotalTests === 0) process.exit(1)
}
process.exit(run.status ?? 1)
