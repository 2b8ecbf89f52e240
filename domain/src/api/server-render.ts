// Where the web build puts its server bundle, which renders the public pages (docs/0023): a
// folder of the build's output that the server reads and never serves.
export const SERVER_RENDER_DIR = 'server-render'
/** The bundle's entry, inside SERVER_RENDER_DIR; it exports `renderPage`. */
export const SERVER_RENDER_ENTRY = 'render.js'
/** Inside SERVER_RENDER_DIR: each rendered page's files of the browser's build, by path. */
export const PAGE_ASSETS_FILE = 'pages.json'

/** A rendered page's files of the browser's build, as absolute paths (`/assets/…`). */
export interface PageAssets {
  /** Its screen's styles, linked in the head so the HTML is painted as the app shows it. */
  styles: string[]
  /** Its screen's code, which hydration waits for: preloaded beside the app's entry. */
  scripts: string[]
}
