// Once per e2e run: builds the app (into a temp dir, build id "e2e-a"), starts the real server on
// 127.0.0.1 at a free port with an embedded store in a temp dir (seeded with the demo users),
// serving that build, and hands the tests its address. Stops the server and removes the temp
// dir afterwards. Set E2E_BASE_URL (and E2E_WEB_DIR) to test a server that is already running.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildApp, deploy, repoRoot } from './support/app-build'
import { AppServer, freePort } from './support/server'

export const FIRST_BUILD_ID = 'e2e-a'

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

  const server = new AppServer({
    port: await freePort(),
    dataDir: join(workDir, 'data'),
    webDir,
    log: join(workDir, 'server.log'),
  })
  await server.start()
  const baseURL = server.url
  project.provide('baseURL', baseURL)
  project.provide('webDir', webDir)

  return async () => {
    await server.stop()
    rmSync(workDir, { recursive: true, force: true })
  }
}
