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
  printSlowest(summary)
  console.log(`unit: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed`)
  if (summary.numTotalTests === 0) process.exit(1)
}
process.exit(run.status ?? 1)

/**
 * Each project's time (its files' durations added up: projects and files run side by side, so
 * these add up to more than the run's wall-clock time) and the slowest files, for the table in
 * docs/operations.md#how-long-npm-test-takes.
 */
function printSlowest(report) {
  const files = report.testResults.map((file) => ({
    name: file.name.replace(`${process.cwd()}/`, ''),
    seconds: (file.endTime - file.startTime) / 1000,
  }))
  const perProject = new Map()
  for (const file of files) {
    const project = file.name.split('/')[0]
    perProject.set(project, (perProject.get(project) ?? 0) + file.seconds)
  }
  const rows = [...perProject].sort((a, b) => b[1] - a[1])
  console.log("\nvitest: time in each package's test files (added up)")
  for (const [project, seconds] of rows)
    console.log(`  ${project.padEnd(14)} ${seconds.toFixed(1)} s`)
  console.log('vitest: the slowest files')
  for (const file of files.sort((a, b) => b.seconds - a.seconds).slice(0, 15)) {
    console.log(`  ${file.seconds.toFixed(1).padStart(6)} s  ${file.name}`)
  }
}
