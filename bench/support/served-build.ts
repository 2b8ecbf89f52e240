// The production build a browser benchmark serves: the one `npm run bench` built once for all of
// them (BENCH_WEB_DIR, bench/run.ts), copied so that a server's deployments never touch it, or,
// for a bench run alone without it, one built now. One build for the whole run: every figure is
// of the same code, and the run does not build the app once per benchmark.
import { cpSync } from 'node:fs'
import { join } from 'node:path'
import { buildApp } from '../../e2e/support/app-build'
import { startServerIn, type AppServer } from '../../e2e/support/server'

/** The environment variable naming a production build made before (`vite build --outDir`). */
export const WEB_DIR_ENV = 'BENCH_WEB_DIR'

/** Serves BENCH_WEB_DIR's build (or a new one) from a server of its own in `workDir`. */
export async function serveBuild(workDir: string, buildId: string): Promise<AppServer> {
  const webDir = join(workDir, 'web')
  const built = process.env[WEB_DIR_ENV]
  if (built) cpSync(built, webDir, { recursive: true })
  else await buildApp(webDir, buildId)
  return startServerIn(workDir, webDir)
}
