// `npm test`: every check the repository has, in the least wall-clock time two cores allow, with
// a table of where the time went printed at the end (docs/operations.md#how-long-npm-test-takes).
//
// The checks that need nothing but the sources (lint, format, the typecheck of each package, the
// production build) run two at a time: each of them keeps about one core busy, so two side by
// side take about half as long as one after the other. The bundle budget reads the build; the
// Vitest run (which has its own workers) starts when all of them passed, and its end-to-end tests
// serve that same build instead of making one of their own (E2E_PREBUILT_WEB_DIR).
//
// The last line is Vitest's 'unit: N passed, N failed' again, the line CI reads.
import { spawn } from 'node:child_process'
import { cpus, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const PARALLEL = Math.max(1, Math.min(2, cpus().length))

const TYPECHECKS = ['domain', 'sync-server', 'web', 'web/tsconfig.node.json', 'e2e', 'bench'].map(
  (project) => ({
    name: `typecheck ${project}`,
    command: ['npx', 'tsc', '-p', project, '--noEmit'],
  }),
)

/** Independent of each other; the longest first, so the pool ends together. */
const CHECKS = [
  { name: 'build', command: ['npm', 'run', '--silent', 'build'] },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  ...TYPECHECKS,
  { name: 'format', command: ['npm', 'run', '--silent', 'format:check'] },
]

const timings = []

/** Runs one step; its output is printed whole when it ends, so parallel steps never interleave. */
function run(step, { stream = false, env = {} } = {}) {
  const started = performance.now()
  return new Promise((resolve) => {
    const [command, ...args] = step.command
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    })
    const output = []
    child.stdout?.on('data', (chunk) => output.push(chunk))
    child.stderr?.on('data', (chunk) => output.push(chunk))
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)))
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000
      timings.push({ name: step.name, seconds, ok: code === 0 })
      const text = Buffer.concat(output).toString()
      process.stdout.write(
        `\n── ${step.name}: ${code === 0 ? 'ok' : 'FAILED'} in ${fmt(seconds)}\n`,
      )
      if (text.trim()) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`)
      resolve(code === 0)
    })
  })
}

/** Runs `steps` at most `width` at a time; answers whether every one passed. */
async function pool(steps, width) {
  const queue = [...steps]
  let ok = true
  const workers = Array.from({ length: width }, async () => {
    for (let step = queue.shift(); step; step = queue.shift()) ok = (await run(step)) && ok
  })
  await Promise.all(workers)
  return ok
}

const fmt = (seconds) => `${seconds.toFixed(1)} s`

function report(total, unitLine) {
  const width = Math.max(...timings.map((t) => t.name.length))
  const lines = timings.map(
    (t) => `  ${t.name.padEnd(width)}  ${fmt(t.seconds).padStart(8)}${t.ok ? '' : '  FAILED'}`,
  )
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
  process.stdout.write(
    `\nnpm test: where the time went (${PARALLEL} at a time before Vitest; load ${load})\n` +
      `${lines.join('\n')}\n  ${'total'.padEnd(width)}  ${fmt(total).padStart(8)}\n`,
  )
  if (unitLine) process.stdout.write(`${unitLine}\n`)
}

const started = performance.now()
let ok = await run({ name: 'test tools', command: ['bash', 'scripts/ensure-test-tools.sh'] })
if (ok) ok = await pool(CHECKS, PARALLEL)
if (ok)
  ok = await run({ name: 'bundle budget', command: ['npm', 'run', '--silent', 'check:bundle'] })

let unitLine = null
if (ok) {
  const vitest = spawn('node', ['scripts/run-vitest.mjs'], {
    cwd: root,
    env: { ...process.env, E2E_PREBUILT_WEB_DIR: 'web/dist' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const vitestStarted = performance.now()
  let tail = ''
  vitest.stdout.on('data', (chunk) => {
    process.stdout.write(chunk)
    tail = (tail + chunk.toString()).slice(-4000)
  })
  const code = await new Promise((resolve) => vitest.on('close', resolve))
  timings.push({ name: 'vitest', seconds: (performance.now() - vitestStarted) / 1000, ok: !code })
  unitLine = tail.match(/^unit: \d+ passed, \d+ failed$/m)?.[0] ?? null
  ok = code === 0
}
report((performance.now() - started) / 1000, unitLine)
process.exit(ok ? 0 : 1)
