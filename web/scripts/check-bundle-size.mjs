// Fails when the first route's JavaScript is over budget: every chunk the home page loads before
// it is interactive (the entry and its static imports, the home screen's chunk, the larger of the
// two language catalogs, and their static imports), measured gzipped. Reads the build's
// .vite/manifest.json; run after `vite build`: `node web/scripts/check-bundle-size.mjs`.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const BUDGET_KB = 150
/** Modules loaded on demand that the first route still waits for before it is interactive. */
const FIRST_ROUTE_SCREEN = 'src/screens/HomeScreen.tsx'
const CATALOGS = ['src/locales/en.po', 'src/locales/sl.po']

const dist = process.argv[2] ?? fileURLToPath(new URL('../dist/', import.meta.url))
const manifestPath = join(dist, '.vite', 'manifest.json')
if (!existsSync(manifestPath)) {
  console.error(`bundle size: ${manifestPath} is missing; run \`vite build\` first`)
  process.exit(1)
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))

const entry = Object.values(manifest).find((chunk) => chunk.isEntry)
if (!entry) throw new Error('bundle size: the manifest has no entry chunk')

function chunkOf(key) {
  const chunk = manifest[key]
  if (!chunk) throw new Error(`bundle size: ${key} is not in the build (was it renamed?)`)
  return chunk
}

/** The chunk's file and every chunk it imports statically, transitively. */
function withStaticImports(chunk, files = new Set()) {
  if (files.has(chunk.file)) return files
  files.add(chunk.file)
  for (const key of chunk.imports ?? []) withStaticImports(chunkOf(key), files)
  return files
}

const gzipped = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length

const files = withStaticImports(entry)
withStaticImports(chunkOf(FIRST_ROUTE_SCREEN), files)
// One catalog is loaded, the one of the visitor's language: count the larger.
const [catalog] = CATALOGS.map((key) => withStaticImports(chunkOf(key), new Set())).sort(
  (a, b) =>
    [...b].reduce((sum, f) => sum + gzipped(f), 0) - [...a].reduce((sum, f) => sum + gzipped(f), 0),
)
for (const file of catalog) files.add(file)

const rows = [...files].map((file) => ({ file, bytes: gzipped(file) }))
rows.sort((a, b) => b.bytes - a.bytes)
const total = rows.reduce((sum, row) => sum + row.bytes, 0)
const kb = (bytes) => (bytes / 1000).toFixed(1)

for (const row of rows) console.log(`  ${kb(row.bytes).padStart(7)} kB  ${row.file}`)
console.log(`first route JavaScript: ${kb(total)} kB gzip (budget ${BUDGET_KB} kB)`)
if (total > BUDGET_KB * 1000) {
  console.error(`bundle size: over budget by ${kb(total - BUDGET_KB * 1000)} kB`)
  process.exit(1)
}

// What every device downloads to work offline: the service worker's precache, gzipped. Large
// libraries that only one role uses (the spreadsheet export) stay out of it and are cached on
// first use, so a participant's phone does not carry them.
const PRECACHE_BUDGET_KB = 700
const serviceWorker = join(dist, 'sw.js')
if (!existsSync(serviceWorker)) {
  console.error(`bundle size: ${serviceWorker} is missing; run \`vite build\` first`)
  process.exit(1)
}
const precached = [...readFileSync(serviceWorker, 'utf8').matchAll(/url:"([^"]+)"/g)].map(
  (match) => match[1],
)
const precacheTotal = precached.reduce((sum, file) => sum + gzipped(file), 0)
console.log(
  `precache: ${precached.length} files, ${kb(precacheTotal)} kB gzip (budget ${PRECACHE_BUDGET_KB} kB)`,
)
if (precacheTotal > PRECACHE_BUDGET_KB * 1000) {
  console.error(
    `bundle size: the precache is over budget by ${kb(precacheTotal - PRECACHE_BUDGET_KB * 1000)} kB`,
  )
  process.exit(1)
}
