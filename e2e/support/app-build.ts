// Builds the web app for the end-to-end tests into a directory of our own (never web/dist), with
// a build id we choose, and "deploys" a build into the directory the server serves.
import { spawn } from 'node:child_process'
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

export function buildApp(outDir: string, buildId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        join(repoRoot, 'node_modules/vite/bin/vite.js'),
        'build',
        '--outDir',
        outDir,
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      {
        cwd: repoRoot,
        // A production build, as deployed: the test runner's NODE_ENV=test would otherwise make
        // Vite build in development mode (React's development build, no service worker).
        env: { ...process.env, NODE_ENV: 'production', LFIT_BUILD_ID: buildId },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    )
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build for ${buildId} exited with ${code}`)),
    )
  })
}

/**
 * Puts `build` where the server serves from, the way a deployment does: new hashed assets first,
 * then the files whose names stay (service worker, index.html), the build record last; files of
 * the old build are removed at the end.
 */
export function deploy(build: string, served: string): void {
  const listing = (dir: string) =>
    existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }) : []
  const oldFiles = listing(served)
  const newFiles = new Set(listing(build))
  cpSync(join(build, 'assets'), join(served, 'assets'), { recursive: true })
  for (const entry of readdirSync(build)) {
    if (entry !== 'assets' && entry !== 'builds') {
      cpSync(join(build, entry), join(served, entry), { recursive: true })
    }
  }
  cpSync(join(build, 'builds'), join(served, 'builds'), { recursive: true })
  for (const file of oldFiles) {
    const path = join(served, file)
    if (!newFiles.has(file) && existsSync(path) && statSync(path).isFile()) rmSync(path)
  }
}
