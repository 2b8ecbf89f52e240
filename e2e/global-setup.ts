// Once per e2e run: builds the app (into a temp dir, build id "e2e-a"), starts the real server on
// 127.0.0.1 at a free port with an embedded store in a temp dir (seeded with the demo users),
// serving that build, and hands the tests its address. Stops the server and removes the temp
// dir afterwards. Set E2E_BASE_URL (and E2E_WEB_DIR) to test a server that is already running.
// `npm test` sets E2E_PREBUILT_WEB_DIR to the production build it has just made and checked, so
// the tests serve that build (a copy of it) instead of spending a second build on the same code.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildApp, deploy, repoRoot } from './support/app-build'
import { startServerIn } from './support/server'

export const FIRST_BUILD_ID = 'e2e-a'

export default async function setup(project: TestProject) {
  const workDir = mkdtempSync(join(tmpdir(), 'lfit-e2e-'))
  project.provide('workDir', workDir)
  if (process.env.E2E_BASE_URL) {
    project.provide('baseURL', process.env.E2E_BASE_URL.replace(/\/$/, ''))
    const servedDir = process.env.E2E_WEB_DIR ?? join(repoRoot, 'web/dist')
    project.provide('webDir', servedDir)
    project.provide('firstBuildId', buildIdOf(servedDir))
    return () => rmSync(workDir, { recursive: true, force: true })
  }

  const webDir = join(workDir, 'served')
  const prebuilt = process.env.E2E_PREBUILT_WEB_DIR
  if (prebuilt) {
    const built = resolve(repoRoot, prebuilt)
    deploy(built, webDir)
    project.provide('firstBuildId', buildIdOf(built))
  } else {
    const firstBuild = join(workDir, `build-${FIRST_BUILD_ID}`)
    await buildApp(firstBuild, FIRST_BUILD_ID)
    deploy(firstBuild, webDir)
    project.provide('firstBuildId', FIRST_BUILD_ID)
  }

  const server = await startServerIn(workDir, webDir)
  const baseURL = server.url
  project.provide('baseURL', baseURL)
  project.provide('webDir', webDir)

  return async () => {
    await server.stop()
    rmSync(workDir, { recursive: true, force: true })
  }
}

/** The id of a production build, from the record running apps poll (builds/latest.json). */
function buildIdOf(webDir: string): string {
  const latest = JSON.parse(readFileSync(join(webDir, 'builds', 'latest.json'), 'utf8')) as {
    id?: unknown
  }
  if (typeof latest.id !== 'string') throw new Error(`${webDir} is not a production build`)
  return latest.id
}
