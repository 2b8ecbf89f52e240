// A benchmark that runs the server in its own process runs it with the Node flags of the
// production start (package.json's `serve`: the young generation's size, docs/0018), so its
// figures are the server's as it is deployed. Started without them (`node --import tsx
// bench/x.ts`, or by `npm run bench`), the script starts itself again with them added.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { productionFlags } from '../../e2e/support/server'

/** Runs `main` in a process with the production flags: this one, or a new one of `script`. */
export async function withProductionFlags(
  script: string,
  main: () => Promise<void>,
): Promise<void> {
  const missing = productionFlags().filter((flag) => !process.execArgv.includes(flag))
  if (missing.length === 0) return main()
  const again = spawnSync(
    process.execPath,
    [...process.execArgv, ...missing, fileURLToPath(script), ...process.argv.slice(2)],
    { stdio: 'inherit' },
  )
  process.exitCode = again.status ?? 1
}
