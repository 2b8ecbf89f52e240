// Once per e2e run: builds the app (into a temp dir, build id "e2e-a"), starts the real server on
// 127.0.0.1 at a free port with an embedded store in a temp dir (seeded with the demo users),
// serving that build, and hands the tests its address. Stops the server and removes the temp
// dir afterwards. Set E2E_BASE_URL (and E2E_WEB_DIR) to test a server that is already running.
import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildApp, deploy, repoRoot } from './support/app-build'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    /** The directory the server serves the web app from (a test may deploy a new build there). */
    webDir: string
    /** A scratch directory for this run. */
    workDir: string
  }
}

export const FIRST_BUILD_ID = 'e2e-a'

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()))
    })
  })
}

async function waitUntilServing(baseURL: string, server: ChildProcess, log: string) {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break
    try {
      const response = await fetch(`${baseURL}/builds/latest.json`)
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  const output = readFileSync(log, 'utf8').split('\n').slice(-40).join('\n')
  throw new Error(`the server did not come up at ${baseURL}:\n${output}`)
}

export default async function setup(project: TestProject) {
  const workDir = mkdtempSync(join(tmpdir(), 'lfit-e2e-'))
  project.provide('workDir', workDir)
  if (process.env.E2E_BASE_URL) {
    project.provide('baseURL', process.env.E2E_BASE_URL.replace(/\/$/, ''))
    project.provide('webDir', process.env.E2E_WEB_DIR ?? join(repoRoot, 'web/dist'))
    return () => rmSync(workDir, { recursive: true, force: true })
  }

  const firstBuild = join(workDir, `build-${FIRST_BUILD_ID}`)
  const webDir = join(workDir, 'served')
  await buildApp(firstBuild, FIRST_BUILD_ID)
  deploy(firstBuild, webDir)

  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const log = join(workDir, 'server.log')
  const out = createWriteStream(log)
  const server = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: join(workDir, 'data'),
      WEB_DIR: webDir,
      DEMO: '1',
      MONGODB_URI: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout?.pipe(out)
  server.stderr?.pipe(out)
  await waitUntilServing(baseURL, server, log)
  project.provide('baseURL', baseURL)
  project.provide('webDir', webDir)

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve))
      server.kill('SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))])
      if (server.exitCode === null) server.kill('SIGKILL')
    }
    rmSync(workDir, { recursive: true, force: true })
  }
}
