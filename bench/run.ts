// `npm run bench`: runs every benchmark script under bench/ (each a .ts file that runs when
// executed), one after another in its own process, so their figures do not disturb each other.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const here = fileURLToPath(new URL('.', import.meta.url))
const benches = readdirSync(here, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && file !== 'run.ts' && !file.endsWith('.d.ts'))
  .sort()

let failed = 0
for (const file of benches) {
  console.log(`\n# bench/${file}`)
  const run = spawnSync(process.execPath, ['--import', 'tsx', `${here}${file}`], {
    stdio: 'inherit',
  })
  if (run.status !== 0) failed += 1
}
process.exitCode = failed > 0 ? 1 : 0
