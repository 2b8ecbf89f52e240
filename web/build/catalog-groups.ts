// The message catalogs (docs/architecture.md#languages): the app's own words, which the first
// route loads before it paints, and the words of the screens in SCREEN_WORD_DIRS, loaded with the
// first of those screens. A first visit then downloads only the words it shows, and the first
// route stays within its budget however many screens the app gains. The studio tablet's /ETAB,
// opened cold while a class waits, loads a third catalog instead of the screens' (docs/0057): the
// words of the files its screen imports, found by following its imports, so a file it comes to
// import brings its words along. A message used in several places is in each of their catalogs.
// Read by lingui.config.ts and by the catalogs test.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/** Folders of web/src whose words only screens loaded on demand show (never the app bar). */
export const SCREEN_WORD_DIRS = [
  'absences',
  'account',
  'admin',
  'analytics',
  'applications',
  'attendance',
  'certificates',
  'classmates',
  'content/edit',
  'editing',
  'export',
  'file-directory',
  'library',
  'library-media',
  'makeups',
  'materials',
  'media',
  'participants',
  'person-picker',
  'photos',
  'planner',
  'poster',
  'projects',
  'reports',
  'rich-text',
  'screens/test',
  'signup-lists',
  'signups',
] as const

const UNUSED = ['**/node_modules/**', '**/*.test.*']

/** The studio tablet's screen, under web/. */
export const TABLET_SCREEN = 'src/attendance/EtabScreen.tsx'

/** A relative import's specifier in a module's text (static imports and re-exports). */
const RELATIVE_IMPORT = /(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g

/** The source file a relative specifier names, as the bundler resolves it. */
function sourceFile(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier)
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (file) => /\.tsx?$/.test(file) && existsSync(file),
  )
}

/** `entry` and every file of web/src it imports, transitively, relative to `webDir`. */
export function importedFiles(webDir: string, entry: string): string[] {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const next = specifier && sourceFile(file, specifier)
      if (next) visit(next)
    }
  }
  visit(join(webDir, entry))
  return [...seen].map((file) => relative(webDir, file)).sort()
}

/** Lingui's catalogs, with the folder each writes to (`{locale}` is filled in by Lingui). */
export function catalogGroups(
  webDir: string,
  folder: { app: string; screens: string; tablet: string },
) {
  const screenDirs = SCREEN_WORD_DIRS.map((dir) => `<rootDir>/src/${dir}`)
  const inScreenDirs = (file: string) =>
    SCREEN_WORD_DIRS.some((dir) => file.startsWith(`src/${dir}/`))
  return [
    {
      path: folder.app,
      include: ['<rootDir>/src'],
      exclude: [...UNUSED, ...screenDirs.map((dir) => `${dir}/**`)],
    },
    { path: folder.screens, include: screenDirs, exclude: UNUSED },
    {
      path: folder.tablet,
      include: importedFiles(webDir, TABLET_SCREEN)
        .filter(inScreenDirs)
        .map((file) => `<rootDir>/${file}`),
      exclude: UNUSED,
    },
  ]
}
