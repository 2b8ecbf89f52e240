// Builds the PWA in web/ into web/dist: React with the Lingui macro, the content pages compiled at
// build time, the service worker precaching the app shell, and the build's own update records
// (builds/latest.json, builds/meta/{id}.json) that running apps poll to notice a new deployment.
import { fileURLToPath } from 'node:url'
import { lingui } from '@lingui/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { contentPageNames, contentPagesPlugin, readContentPages } from './web/build/content-pages'
import { buildRecordsPlugin, newBuildInfo } from './web/build/build-records'
import { chunkGroups } from './web/build/chunk-groups'
import { precompressedPlugin } from './web/build/precompressed'
import { knownPagesPattern } from './web/build/known-pages'
import { otherManifestsPlugin, webManifest } from './web/build/web-manifests'
import { serverRenderPlugin } from './web/build/server-render'
import { SERVER_RENDER_DIR } from './domain/src/api/server-render'
import { MANIFEST_FILES } from './web/src/pwa/manifest-files'
import {
  FILES_CACHE,
  PHOTO_ALBUMS_CACHE,
  PHOTO_SCREENS_CACHE,
  PHOTO_THUMBS_CACHE,
} from './web/src/session/user-caches'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

// The Lingui macro (run by Babel) and the catalog plugin both read web/lingui.config.ts.
const linguiConfig = here('./web/lingui.config.ts')
process.env.LINGUI_CONFIG ??= linguiConfig

const build = newBuildInfo(process.env.LFIT_BUILD_ID)

/** Paths that are never the app shell: the service worker must let them reach the server. */
const NOT_THE_APP = [/^\/api\//, /^\/builds\//, /^\/a\//, /\/_payload\.json$/, /^\/sw\.js$/]

const contentPagesDir = here('./web/content/pages')
/** The app's pages: the only navigations the service worker answers with the cached shell. */
const knownPages = knownPagesPattern(contentPageNames(readContentPages(contentPagesDir)))

const define = {
  __BUILD_ID__: JSON.stringify(build.id),
  __BUILD_TIME__: JSON.stringify(build.timestamp),
}

/** What the browser's bundle and the server render share: React, the words, the content pages. */
const appPlugins = () => [
  react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
  lingui({ configPath: linguiConfig }),
  contentPagesPlugin(contentPagesDir),
]

/** The server render of the public pages (docs/0023), built by serverRenderPlugin. */
const serverRenderConfig = defineConfig({
  root: here('./web'),
  publicDir: false,
  define,
  plugins: appPlugins(),
  // Self-contained: a build is deployed (and tested) away from the repository's node_modules.
  ssr: { noExternal: true },
  build: { target: 'node20', sourcemap: false },
})

const chunks = chunkGroups({
  homeScreen: here('./web/src/screens/HomeScreen.tsx'),
  tabletScreen: here('./web/src/attendance/EtabScreen.tsx'),
  tabletRoute: '/ETAB',
})

/** The browser's bundle: the app, its service worker and web manifests. */
const browserConfig = defineConfig({
  root: here('./web'),
  publicDir: here('./web/public'),
  define,
  plugins: [
    ...appPlugins(),
    chunks.plugin,
    buildRecordsPlugin(build) as Plugin,
    otherManifestsPlugin() as Plugin,
    // Brotli and gzip copies of what the browser downloads, the service worker too: the plugin
    // runs once every other has written its files (docs/0057).
    precompressedPlugin([SERVER_RENDER_DIR, 'builds']),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: webManifest('en'),
      manifestFilename: MANIFEST_FILES.en,
      includeManifestIcons: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,ico,webmanifest}'],
        // The spreadsheet library (about 250 kB gzip) serves only a registrar's XLSX export, and
        // the rich-text editor (about 125 kB) only the material and content editors: they are not
        // precached on every participant's phone, but cached on first use (below).
        // The QR code library (the poster's and the certificates' codes), the photo lightbox and
        // crop tool (only /photos) and the recordings' player (media-chrome, MediaPlayer*): cached
        // on first use too. So is the password estimator (about 230 kB of word lists): it serves
        // only the screens that set a password, which need the network to send it anyway, and
        // without it the hint still states the length rule the server checks.
        globIgnores: [
          'builds/**',
          // The server's render of the public pages: never the browser's.
          `${SERVER_RENDER_DIR}/**`,
          'assets/exceljs*.js',
          'assets/RichTextEditor*',
          'assets/qrcode*.js',
          'assets/PhotoLightbox*',
          'assets/PhotoCrop*',
          'assets/MediaPlayer*',
          'assets/password-strength*.js',
        ],
        navigateFallback: 'index.html',
        navigateFallbackAllowlist: [knownPages],
        navigateFallbackDenylist: NOT_THE_APP,
        // Any other page goes to the server, so a browser gets its 404 (with the shell, which
        // shows "not found"); offline, the cached shell shows it. (Serialised into sw.js: the
        // function may use nothing from this file.)
        runtimeCaching: [
          {
            urlPattern: ({ url }) => /^\/assets\/exceljs[^/]*\.js$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'lfit-export-library', expiration: { maxEntries: 2 } },
          },
          {
            urlPattern: ({ url }) =>
              /^\/assets\/RichTextEditor[^/]*\.(?:js|css)$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'lfit-rich-text-editor', expiration: { maxEntries: 4 } },
          },
          {
            urlPattern: ({ url }) => /^\/assets\/password-strength[^/]*\.js$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'lfit-password-strength', expiration: { maxEntries: 2 } },
          },
          {
            urlPattern: ({ url }) => /^\/assets\/qrcode[^/]*\.js$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'lfit-qrcode', expiration: { maxEntries: 2 } },
          },
          {
            urlPattern: ({ url }) =>
              /^\/assets\/Photo(?:Lightbox|Crop)[^/]*\.(?:js|css)$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'lfit-photo-viewer', expiration: { maxEntries: 8 } },
          },
          {
            // A photo's sizes: their address names their content (?v=), so a kept copy is never
            // stale. Thumbnails of the albums I opened stay viewable offline; the screen sizes I
            // looked at in the lightbox too, fewer of them (docs/architecture.md#photos).
            urlPattern: ({ url }) => /^\/api\/photos\/files\/[^/]+\/thumb$/.test(url.pathname),
            handler: 'CacheFirst',
            options: {
              cacheName: PHOTO_THUMBS_CACHE,
              expiration: { maxEntries: 3000, maxAgeSeconds: 180 * 24 * 3600 },
            },
          },
          {
            urlPattern: ({ url }) => /^\/api\/photos\/files\/[^/]+\/screen$/.test(url.pathname),
            handler: 'CacheFirst',
            options: {
              cacheName: PHOTO_SCREENS_CACHE,
              expiration: { maxEntries: 150, maxAgeSeconds: 60 * 24 * 3600 },
            },
          },
          {
            // The album list and the albums I opened: fresh from the server when it answers,
            // the last answer offline. Only what the server gave this device is kept.
            urlPattern: ({ url }) => /^\/api\/photos\/albums(?:\/[^/]+)?$/.test(url.pathname),
            handler: 'NetworkFirst',
            method: 'GET',
            options: {
              cacheName: PHOTO_ALBUMS_CACHE,
              networkTimeoutSeconds: 6,
              expiration: { maxEntries: 100 },
              matchOptions: { ignoreVary: true },
            },
          },
          {
            // The public pages' text and the timetable's data (`/{page}/_payload.json`): fresh
            // from the server when it answers, the last answer offline (docs/0050).
            urlPattern: ({ url }) => /^\/[^/]+\/_payload\.json$/.test(url.pathname),
            handler: 'NetworkFirst',
            method: 'GET',
            options: {
              cacheName: 'lfit-pages',
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 60 },
            },
          },
          {
            urlPattern: ({ url }) => /^\/assets\/MediaPlayer[^/]*\.(?:js|css)$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'lfit-media-player', expiration: { maxEntries: 4 } },
          },
          {
            // A material file the reader kept offline (web/src/materials/offline-copies.ts puts
            // it, whole, into this cache): answered from the device, any range of it too, so a
            // kept PDF opens and a kept recording seeks with the network off. Nothing else is
            // added here (no status is cacheable), so the cache holds exactly what was kept; a
            // file not kept goes to the server as before. Uploads and the file list are not files.
            urlPattern: ({ url }) => /^\/api\/files\/(?!uploads(?:\/|$))[^/]+$/.test(url.pathname),
            handler: 'CacheFirst',
            options: {
              cacheName: FILES_CACHE,
              rangeRequests: true,
              cacheableResponse: { statuses: [] },
              matchOptions: { ignoreVary: true },
            },
          },
          {
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && !/^\/(?:api|builds|a)\//.test(url.pathname),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: 'index.html' } },
          },
        ],
        cleanupOutdatedCaches: true,
        // One build at a time: a new worker waits until the app tells it to take over, right
        // before the app reloads into the new build.
        skipWaiting: false,
        clientsClaim: true,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
    // The pages the server renders, with the screen each shows (as web/src/app/screens.ts
    // loads it); the home page's next training day waits for the visitor's touch (docs/0052).
    serverRenderPlugin(
      here('./web/src/app/server-render.tsx'),
      {
        '/': 'src/screens/HomeScreen.tsx',
        '/urnik': 'src/timetable/TimetableRoute.tsx',
      },
      ['/'],
    ),
  ],
  build: {
    outDir: here('./web/dist'),
    emptyOutDir: true,
    target: 'es2022',
    // .vite/manifest.json: the chunk graph, read by web/scripts/check-bundle-size.mjs.
    manifest: true,
    sourcemap: false,
    // Fewer, larger files for the screens (web/build/chunk-groups.ts, docs/0056).
    rolldownOptions: { output: chunks.output },
  },
  server: {
    proxy: {
      // ws: the live-update socket (/api/live) goes through the dev server too.
      '/api': { target: 'http://127.0.0.1:8080', ws: true },
      '/a/event': 'http://127.0.0.1:8080',
    },
  },
})

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRenderConfig : browserConfig))
