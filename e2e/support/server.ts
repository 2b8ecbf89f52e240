// The real server as a child process, the way `npm start` runs it (its Node flags too): on
// 127.0.0.1 at a port of its own, an embedded store in a directory of the caller's, seeded with
// the demo users on the programme's first calendar, serving a given web build. Used by the e2e
// global setup, by test files with a server of their own (own-server.ts), and by the browser
// benchmarks.
import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { buildApp, repoRoot } from './app-build'

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })
}

/**
 * The Node flags of the production start: package.json's `serve` script, the words between
 * `node` and `--import` (the young generation's size, docs/0018-find-under-load.md). The e2e
 * server and the benchmarks (bench/support/production-flags.ts) start with them, so they run the
 * server as production does.
 */
export function productionFlags(): string[] {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { serve: string }
  }
  const words = manifest.scripts.serve.split(/\s+/)
  return words.slice(words.indexOf('node') + 1, words.indexOf('--import'))
}

export interface AppServerOptions {
  port: number
  dataDir: string
  webDir: string
  /** Where the server's output goes (appended, so restarts keep one log). */
  log: string
  /**
   * Further variables, e.g. TEST_CLOCK_START for a server on the browser's fixed day, or
   * DEMO_CALENDAR=today for a demo placed around the server's day.
   */
  env?: Record<string, string>
}

export class AppServer {
  private process: ChildProcess | null = null

  constructor(readonly options: AppServerOptions) {}

  get url(): string {
    return `http://127.0.0.1:${this.options.port}`
  }

  /** Starts the server and resolves once it serves the build record. */
  async start(): Promise<void> {
    const { port, dataDir, webDir, log } = this.options
    const out = createWriteStream(log, { flags: 'a' })
    const args = [...productionFlags(), '--import', 'tsx', 'sync-server/src/main.ts']
    const server = spawn(process.execPath, args, {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIR: webDir,
        DEMO: '1',
        // The tests were written against the programme's first calendar (data.ts); the living
        // demo's own test asks for DEMO_CALENDAR=today (docs/0051-living-demo.md).
        DEMO_CALENDAR: 'fixed',
        MONGODB_URI: '',
        ...this.options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    server.stdout?.pipe(out)
    server.stderr?.pipe(out)
    this.process = server
    const deadline = Date.now() + 90_000
    while (Date.now() < deadline && server.exitCode === null) {
      try {
        if ((await fetch(`${this.url}/builds/latest.json`)).ok) return
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    const tail = readFileSync(log, 'utf8').split('\n').slice(-40).join('\n')
    throw new Error(`the server did not come up at ${this.url}:\n${tail}`)
  }

  /** Kills the process at once, as a crash or a pulled plug would. */
  kill(): Promise<void> {
    return this.end('SIGKILL')
  }

  /** Stops the server the way an operator does (SIGTERM), killing it if it hangs. */
  async stop(): Promise<void> {
    const server = this.process
    const ended = this.end('SIGTERM')
    const late = setTimeout(() => server?.kill('SIGKILL'), 5_000)
    await ended
    clearTimeout(late)
  }

  private async end(signal: NodeJS.Signals): Promise<void> {
    const server = this.process
    this.process = null
    if (!server || server.exitCode !== null) return
    const exited = new Promise((resolve) => server.once('exit', resolve))
    server.kill(signal)
    await exited
  }
}

/**
 * Starts a server on a free port that keeps its data and its log in `dir`, serving `webDir`. A
 * server that does not come up is stopped before the error is thrown, so no process outlives it.
 */
export async function startServerIn(
  dir: string,
  webDir: string,
  env?: Record<string, string>,
): Promise<AppServer> {
  const server = new AppServer({
    port: await freePort(),
    dataDir: join(dir, 'data'),
    webDir,
    log: join(dir, 'server.log'),
    env,
  })
  try {
    await server.start()
  } catch (error) {
    await server.stop()
    throw error
  }
  return server
}

/** Builds the app into `workDir` and serves it from a server of its own there (benchmarks). */
export async function serveNewBuild(workDir: string, buildId: string): Promise<AppServer> {
  const webDir = join(workDir, 'web')
  await buildApp(webDir, buildId)
  return startServerIn(workDir, webDir)
}
