// How the browser's bundle is cut into files (docs/0056-what-the-first-screen-waits-for.md). Left to
// itself, the bundler made a file for every set of screens that shares a module: the studio
// tablet's /ETAB loaded 60 scripts, most under 2 kB, and on a slow phone's connection each costs
// a round trip. Three groups instead:
// - `app`: what the entry imports statically, one file (it was twelve) that every page loads;
// - `home`: what the home page's screen imports, one file, so that a visitor's `/` loads what it
//   loaded before and no more (the budget of web/scripts/check-bundle-size.mjs);
// - `shared`: every other module two screens or more share, one file per set of screens that
//   share it, and a set smaller than SHARED_MERGE_BYTES merged into its closest neighbour (a
//   screen may load a few kB it does not run, instead of a round trip).
// A module one screen alone imports stays in that screen's file; the chunks the service worker
// leaves out of its precache (vite.config.ts) keep their names, since no other screen shares them.
import type { Plugin } from 'vite'

/** A set of screens' shared modules smaller than this joins its closest neighbour's file. */
export const SHARED_MERGE_BYTES = 8 * 1024

/**
 * The group and file names of the browser's build, and the plugin that finds the home page's
 * modules; `homeScreen`: the home screen module's path.
 */
export function chunkGroups(homeScreen: string) {
  // The home screen's static imports, found once the module graph is known (before the chunks
  // are cut). The screen itself stays a file of its own: the server's render names it.
  const homeModules = new Set<string>()
  const plugin: Plugin = {
    name: 'lfit:home-modules',
    buildEnd() {
      homeModules.clear()
      const walk = (id: string) => {
        if (homeModules.has(id)) return
        homeModules.add(id)
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next)
      }
      walk(homeScreen)
      homeModules.delete(homeScreen)
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
          { name: 'app', tags: ['$initial' as const], priority: 3 },
          { name: 'home', test: (id: string) => homeModules.has(id), priority: 2 },
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
