// Fails when a visitor's phone downloads more than the budget of JavaScript on `/` before it first
// touches the page: every script the page requests until the network falls quiet, measured
// gzipped (docs/0052-what-a-visitor-downloads.md). The files are read from the build's
// .vite/manifest.json: the entry and its static imports, and each module `/` loads on demand for a
// visitor (VISITOR_LOADS), with theirs. e2e/visitor-download.e2e.test.ts proves the list is what
// Chromium requests, file for file. Run after `vite build`: `node web/scripts/check-bundle-size.mjs`.
// `--list=en` (or `sl`) prints the files `/` loads in that language, as JSON, and checks nothing.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const BUDGET_KB = 150
/** The page's own scripts (web/public), before the app's: the statistics, the eval guard, the start. */
const PAGE_SCRIPTS = ['a/script.js', 'no-eval.js', 'app-start.js']
/**
 * What `/` imports on demand before the visitor touches it (manifest keys, or a shared chunk's
 * name): the home screen. Its text's schema, the next training day, the calendar and the session
 * check wait for the first touch (docs/0052); the service worker's registration does not.
 */
const VISITOR_LOADS = [
  'src/screens/HomeScreen.tsx',
  '../node_modules/workbox-window/build/workbox-window.prod.es5.mjs',
]
const CATALOGS = { en: 'src/locales/en.po', sl: 'src/locales/sl.po' }

const args = process.argv.slice(2)
const listed = args.find((arg) => arg.startsWith('--list='))?.slice('--list='.length)
const dist =
  args.find((arg) => !arg.startsWith('--')) ?? fileURLToPath(new URL('../dist/', import.meta.url))
const manifestPath = join(dist, '.vite', 'manifest.json')
if (!existsSync(manifestPath)) {
  console.error(`bundle size: ${manifestPath} is missing; run \`vite build\` first`)
  process.exit(1)
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))

const entry = Object.values(manifest).find((chunk) => chunk.isEntry)
if (!entry) throw new Error('bundle size: the manifest has no entry chunk')

function chunkOf(key) {
  const chunk =
    manifest[key] ??
    Object.entries(manifest).find(([k, c]) => k.startsWith('_') && c.name === key)?.[1]
  if (!chunk) throw new Error(`bundle size: ${key} is not in the build (was it renamed?)`)
  return chunk
}

/** The chunk's file and every chunk it imports statically, transitively. */
function withStaticImports(chunk, files) {
  if (files.has(chunk.file)) return files
  files.add(chunk.file)
  for (const key of chunk.imports ?? []) withStaticImports(chunkOf(key), files)
  return files
}

/** Every script `/` loads for a visitor whose language is `language`, until the network is idle. */
function visitorScripts(language) {
  const files = new Set(PAGE_SCRIPTS)
  withStaticImports(entry, files)
  for (const key of [...VISITOR_LOADS, CATALOGS[language]]) withStaticImports(chunkOf(key), files)
  return files
}

if (listed) {
  if (!CATALOGS[listed]) throw new Error(`bundle size: --list=${listed} is no language of the app`)
  console.log(JSON.stringify([...visitorScripts(listed)].sort()))
  process.exit(0)
}

const gzipped = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
const sum = (files) => [...files].reduce((total, file) => total + gzipped(file), 0)
const kb = (bytes) => (bytes / 1000).toFixed(1)

// One catalog is loaded, the one of the visitor's language: count the heavier language.
const [files] = Object.keys(CATALOGS)
  .map(visitorScripts)
  .sort((a, b) => sum(b) - sum(a))
const rows = [...files].map((file) => ({ file, bytes: gzipped(file) }))
rows.sort((a, b) => b.bytes - a.bytes)
const total = rows.reduce((all, row) => all + row.bytes, 0)

for (const row of rows) console.log(`  ${kb(row.bytes).padStart(7)} kB  ${row.file}`)
console.log(
  `a visitor's JavaScript on /: ${kb(total)} kB gzip in ${rows.length} files (budget ${BUDGET_KB} kB)`,
)
if (total > BUDGET_KB * 1000) {
  console.error(`bundle size: over budget by ${kb(total - BUDGET_KB * 1000)} kB`)
  process.exit(1)
}

// What every device downloads to work offline: the service worker's precache, gzipped. Large
// libraries that only one role uses (the spreadsheet export) stay out of it and are cached on
// first use, so a participant's phone does not carry them. The service worker fetches it, not the
// page, once the page has been shown: it is counted here, not in the visitor's figure above.
const PRECACHE_BUDGET_KB = 700
const serviceWorker = join(dist, 'sw.js')
if (!existsSync(serviceWorker)) {
  console.error(`bundle size: ${serviceWorker} is missing; run \`vite build\` first`)
  process.exit(1)
}
const precached = [...readFileSync(serviceWorker, 'utf8').matchAll(/url:"([^"]+)"/g)].map(
  (match) => match[1],
)
const precacheTotal = precached.reduce((all, file) => all + gzipped(file), 0)
console.log(
  `precache: ${precached.length} files, ${kb(precacheTotal)} kB gzip (budget ${PRECACHE_BUDGET_KB} kB)`,
)
if (precacheTotal > PRECACHE_BUDGET_KB * 1000) {
  console.error(
    `bundle size: the precache is over budget by ${kb(precacheTotal - PRECACHE_BUDGET_KB * 1000)} kB`,
  )
  process.exit(1)
}

// The studio tablet's /ETAB, opened cold, is the moment a class waits for: its screen's code
// beyond the entry's comes in two files, `tablet-base` and `tablet` (web/build/chunk-groups.ts,
// docs/0057); on a slow connection each further file is a round trip before the list.
const TABLET_FILES = 2
const entryFiles = withStaticImports(entry, new Set())
const tabletFiles = [...withStaticImports(chunkOf('tablet'), new Set())].filter(
  (file) => !entryFiles.has(file),
)
console.log(
  `the tablet's /ETAB: ${tabletFiles.length} files beyond the entry's (budget ${TABLET_FILES})`,
)
if (tabletFiles.length > TABLET_FILES) {
  console.error(
    `bundle size: /ETAB's code is in ${tabletFiles.length} files: ${tabletFiles.join(', ')}`,
  )
  process.exit(1)
}
