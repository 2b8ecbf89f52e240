// Runs every Vitest project once and ends with the plain 'N passed, N failed' line that CI reads.
//
// Two Vitest runs side by side (docs/operations.md#how-long-npm-test-takes): the end-to-end files,
// which share one served app and so run one after another, and every other project, two files at
// a time. Vitest alone would give a two-core machine one worker for everything, then the e2e files
// after it, although most of a test's time is spent waiting on another process (Chromium, the
// server, the MongoDB-compatible server, the disk). Each run's lines are printed whole, the e2e
// run's marked `[e2e]`.
//
// Arguments are passed to Vitest; with any, a single run of what they select is made instead.
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'

mkdirSync('.cache', { recursive: true })

const OTHER_PROJECTS = ['domain', 'sync-server', 'web', 'convergence']
const given = process.argv.slice(2)
const runs =
  given.length > 0
    ? [{ name: 'vitest', prefix: '', args: given }]
    : [
        { name: 'e2e', prefix: '[e2e] ', args: ['--project', 'e2e'] },
        {
          name: 'others',
          prefix: '',
          args: [...OTHER_PROJECTS.flatMap((p) => ['--project', p]), '--maxWorkers=2'],
        },
      ]

/** Runs Vitest once; resolves to its exit code and its JSON report (null if it wrote none). */
function vitest({ name, prefix, args }) {
  const report = `.cache/vitest-report-${name}.json`
  rmSync(report, { force: true })
  const child = spawn(
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...args,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } },
  )
  const printLines = (stream, out) => {
    let partial = ''
    stream.on('data', (chunk) => {
      const lines = (partial + chunk.toString()).split('\n')
      partial = lines.pop() ?? ''
      if (lines.length) out.write(lines.map((line) => `${prefix}${line}\n`).join(''))
    })
    stream.on('end', () => partial && out.write(`${prefix}${partial}\n`))
  }
  printLines(child.stdout, process.stdout)
  printLines(child.stderr, process.stderr)
  return new Promise((resolve) => {
    child.on('close', (code) => {
      let summary = null
      try {
        summary = JSON.parse(readFileSync(report, 'utf8'))
      } catch {
        console.error(`vitest (${name}) wrote no report`)
      }
      resolve({ code: code ?? 1, summary })
    })
  })
}

const results = await Promise.all(runs.map(vitest))
const summaries = results.map((r) => r.summary).filter(Boolean)
const sum = (key) => summaries.reduce((total, s) => total + s[key], 0)
printSlowest(summaries.flatMap((s) => s.testResults))
const failed = results.some((r) => r.code !== 0 || !r.summary)
console.log(`unit: ${sum('numPassedTests')} passed, ${sum('numFailedTests')} failed`)
process.exit(failed || sum('numTotalTests') === 0 ? 1 : 0)

/**
 * Each package's time (its files' durations added up: files run side by side, so these add up
 * to more than the run's wall-clock time) and the slowest files, for the table in
 * docs/operations.md#how-long-npm-test-takes.
 */
function printSlowest(testResults) {
  const files = testResults.map((file) => ({
    name: file.name.replace(`${process.cwd()}/`, ''),
    seconds: (file.endTime - file.startTime) / 1000,
  }))
  const perPackage = new Map()
  for (const file of files) {
    const place = file.name.startsWith('e2e/model/') ? 'convergence' : file.name.split('/')[0]
    perPackage.set(place, (perPackage.get(place) ?? 0) + file.seconds)
  }
  console.log("\nvitest: time in each package's test files (added up)")
  for (const [place, seconds] of [...perPackage].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${place.padEnd(14)} ${seconds.toFixed(1)} s`)
  }
  console.log('vitest: the slowest files')
  for (const file of files.sort((a, b) => b.seconds - a.seconds).slice(0, 15)) {
    console.log(`  ${file.seconds.toFixed(1).padStart(6)} s  ${file.name}`)
  }
}
