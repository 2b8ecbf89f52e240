// The two message catalogs (docs/architecture.md#languages): the app's own words, which the first
// route loads before it paints, and the words of the screens in SCREEN_WORD_DIRS, loaded with the
// first of those screens. A first visit then downloads only the words it shows, and the first
// route stays within its budget however many screens the app gains. A message used in both
// places is in both catalogs. Read by lingui.config.ts and by the catalogs test.

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

/** Lingui's catalogs, with the folder each writes to (`{locale}` is filled in by Lingui). */
export function catalogGroups(folder: { app: string; screens: string }) {
  const screenDirs = SCREEN_WORD_DIRS.map((dir) => `<rootDir>/src/${dir}`)
  return [
    {
      path: folder.app,
      include: ['<rootDir>/src'],
      exclude: [...UNUSED, ...screenDirs.map((dir) => `${dir}/**`)],
    },
    { path: folder.screens, include: screenDirs, exclude: UNUSED },
  ]
}
