// How the browser's bundle is cut into files (docs/0056-what-the-first-screen-waits-for.md). Left to
// itself, the bundler made a file for every set of screens that shares a module: the studio
// tablet's /ETAB loaded 60 scripts, most under 2 kB, and on a slow phone's connection each costs
// a round trip. Groups instead, each one file:
// - `app`: what the entry imports statically (it was twelve files), which every page loads;
// - `home`: what the home page's screen imports, so that a visitor's `/` loads what it loaded
//   before and no more (the budget of web/scripts/check-bundle-size.mjs);
// - the studio tablet's /ETAB, the screen the whole class waits for (docs/0057): it was 17 files
//   and 4 stylesheets, and is two. `tablet-base`: what it imports that a screen without the
//   device's database imports too (the schema library, the API client, the domain's rules), so
//   that a visitor's sign-in form loads none of the tablet's list; `tablet`: the rest, with Dexie
//   and the offline runtime, which the other offline screens load whole (a few kB of the
//   tablet's screen they do not run, instead of a round trip per shared set);
// - `shared`: every other module two screens or more share, one file per set of screens that
//   share it, and a set smaller than SHARED_MERGE_BYTES merged into its closest neighbour (a
//   screen may load a few kB it does not run, instead of a round trip).
// A module one screen alone imports stays in that screen's file; the chunks the service worker
// leaves out of its precache (vite.config.ts) keep their names, since no other screen shares them.
import type { OutputBundle } from 'rolldown'
import type { Plugin } from 'vite'
import { FIRST_SCREENS_FILE, type FirstScreenFiles } from '../../domain/src/api/calls'

/** A set of screens' shared modules smaller than this joins its closest neighbour's file. */
export const SHARED_MERGE_BYTES = 8 * 1024

/** A module loaded on demand that reaches this uses the device's database. */
const DEVICE_DATABASE = '/node_modules/dexie/'

/**
 * The group and file names of the browser's build, and the plugin that finds the first screens'
 * modules; `homeScreen`, `tabletScreen`: the paths of the home screen's and /ETAB's modules.
 */
export function chunkGroups({
  homeScreen,
  tabletScreen,
  tabletRoute,
}: {
  homeScreen: string
  tabletScreen: string
  /** The tablet screen's route: its files are a first screen's (FIRST_SCREENS_FILE). */
  tabletRoute: string
}) {
  // The screens' static imports, found once the module graph is known (before the chunks are
  // cut). The home screen itself stays a file of its own: the server's render names it.
  const homeModules = new Set<string>()
  const tabletModules = new Set<string>()
  const tabletBaseModules = new Set<string>()
  const plugin: Plugin = {
    name: 'lfit:first-screen-modules',
    buildEnd() {
      const walk = (into: Set<string>, id: string) => {
        if (into.has(id)) return
        into.add(id)
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(into, next)
      }
      homeModules.clear()
      walk(homeModules, homeScreen)
      homeModules.delete(homeScreen)
      tabletModules.clear()
      walk(tabletModules, tabletScreen)
      // What a module loaded on demand without the device's database reaches of the tablet's.
      tabletBaseModules.clear()
      const onDemand = new Set<string>()
      for (const id of this.getModuleIds()) {
        for (const loaded of this.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
          onDemand.add(loaded)
      }
      for (const loaded of onDemand) {
        const reach = new Set<string>()
        walk(reach, loaded)
        if ([...reach].some((id) => id.includes(DEVICE_DATABASE))) continue
        for (const id of reach) if (tabletModules.has(id)) tabletBaseModules.add(id)
      }
    },
    generateBundle(_, bundle) {
      const files: Record<string, FirstScreenFiles> = {
        [tabletRoute.toLowerCase()]: tabletFiles(bundle),
      }
      this.emitFile({ type: 'asset', fileName: FIRST_SCREENS_FILE, source: JSON.stringify(files) })
    },
  }
  // A shared file's generated name lists the screens that share it: long, and it changes with
  // every screen added. `shared-[hash]` says what it is.
  const shared = (name: string | undefined) => name?.startsWith('shared~') ?? false
  return {
    plugin,
    output: {
      codeSplitting: {
        groups: [
          { name: 'app', tags: ['$initial' as const], priority: 5 },
          { name: 'home', test: (id: string) => homeModules.has(id), priority: 4 },
          // Before `tablet`: a group takes what its modules import too (what no group before it
          // took), and what the base's modules import is in the base already.
          { name: 'tablet-base', test: (id: string) => tabletBaseModules.has(id), priority: 3 },
          { name: 'tablet', test: (id: string) => tabletModules.has(id), priority: 2 },
          {
            name: 'shared',
            priority: 1,
            minShareCount: 2,
            entriesAware: true,
            entriesAwareMergeThreshold: SHARED_MERGE_BYTES,
          },
        ],
      },
      chunkFileNames: (chunk: { name: string }) =>
        `assets/${shared(chunk.name) ? 'shared' : '[name]'}-[hash].js`,
      assetFileNames: (asset: { names: readonly string[] }) =>
        `assets/${shared(asset.names[0]) ? 'shared' : '[name]'}-[hash][extname]`,
    },
  }
}

/** The tablet's two files and its words' catalogs (the app's and its own), from the bundle. */
function tabletFiles(bundle: OutputBundle): FirstScreenFiles {
  const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []))
  const named = (name: string) => chunks.find((chunk) => chunk.name === name)?.fileName
  const catalog = (path: string) =>
    chunks.find((chunk) => chunk.facadeModuleId?.endsWith(path))?.fileName
  const files = (names: (string | undefined)[]) => {
    if (names.some((name) => name === undefined)) {
      throw new Error('the build has no tablet files or catalogs (web/build/chunk-groups.ts)')
    }
    return names.map((name) => `/${name}`)
  }
  const words = (language: string) =>
    files([catalog(`/src/locales/${language}.po`), catalog(`/src/locales/tablet/${language}.po`)])
  return {
    scripts: files([named('tablet-base'), named('tablet')]),
    words: { en: words('en'), sl: words('sl') },
  }
}
