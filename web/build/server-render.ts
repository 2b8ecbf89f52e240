// The web build's second bundle: the public pages' server render (web/src/app/server-render.tsx,
// docs/0023), built by the same `vite build` once the browser's bundle is written, into
// SERVER_RENDER_DIR of the build's output, so it is deployed with the build it renders. Beside it,
// each rendered page's files from the browser's build (PAGE_ASSETS_FILE): the server links the
// page's styles in the head, so the HTML is painted as the app will show it (no shift when the
// screen's chunk brings its CSS), and has the start script load the screen's code the hydration
// waits for beside the app's entry (docs/0024).
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build, type Plugin } from 'vite'
import {
  PAGE_ASSETS_FILE,
  SERVER_RENDER_DIR,
  SERVER_RENDER_ENTRY,
  type PageAssets,
} from '../../domain/src/api/server-render'

interface ManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
  dynamicImports?: string[]
}

/**
 * A page's styles and scripts: its screen's chunk, what that chunk imports, and the chunks it
 * loads while rendering (the timetable's), not the entry's (already linked). A page whose screen
 * loads those chunks only once the visitor has touched it (`touchFirst`, the home page's next
 * training day, docs/0052-what-a-visitor-downloads.md) links their styles but preloads no code.
 */
export function pageAssets(
  manifest: Record<string, ManifestChunk>,
  screen: string,
  touchFirst = false,
): PageAssets {
  const styles = new Set<string>()
  const scripts = new Set<string>()
  const seen = new Set<string>(['index.html'])
  const visit = (key: string, withDynamic: boolean, withScripts: boolean) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(key)) return
    seen.add(key)
    if (withScripts) scripts.add(`/${chunk.file}`)
    for (const css of chunk.css ?? []) styles.add(`/${css}`)
    for (const imported of chunk.imports ?? []) visit(imported, false, withScripts)
    if (withDynamic) {
      for (const loaded of chunk.dynamicImports ?? []) visit(loaded, false, !touchFirst)
    }
  }
  if (!manifest[screen]) throw new Error(`the build has no chunk for ${screen}`)
  visit(screen, true, true)
  return { styles: [...styles], scripts: [...scripts] }
}

/**
 * `screens`: each rendered page's screen module, relative to web/ (as web/src/app/screens.ts
 * loads it).
 */
export function serverRenderPlugin(
  entry: string,
  screens: Record<string, string>,
  /** Pages whose screen's on-demand code waits for the visitor's first touch (pageAssets). */
  touchFirst: readonly string[] = [],
): Plugin {
  let outDir = ''
  let mode = 'production'
  let configFile: string | undefined
  return {
    name: 'lfit-server-render',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = config.build.outDir
      mode = config.mode
      configFile = config.configFile
    },
    async closeBundle() {
      const renderDir = join(outDir, SERVER_RENDER_DIR)
      await build({
        configFile,
        mode,
        logLevel: 'warn',
        build: {
          ssr: entry,
          outDir: renderDir,
          emptyOutDir: true,
          manifest: false,
          // One file: the server imports it anew for each deployed build (a query in its URL),
          // and chunks importing the entry by its plain name would load a second copy of it,
          // with contexts (the language's) the first copy's components never see.
          rollupOptions: {
            output: { entryFileNames: SERVER_RENDER_ENTRY, codeSplitting: false },
          },
        },
      })
      const manifest = JSON.parse(
        readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'),
      ) as Record<string, ManifestChunk>
      const pages = Object.fromEntries(
        Object.entries(screens).map(([path, screen]) => [
          path,
          pageAssets(manifest, screen, touchFirst.includes(path)),
        ]),
      )
      writeFileSync(join(renderDir, PAGE_ASSETS_FILE), JSON.stringify(pages, null, 2))
    },
  }
}
