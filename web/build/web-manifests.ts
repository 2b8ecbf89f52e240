// The web manifest in both languages: what a phone or tablet shows when the app is installed
// (name, description, the shortcuts of a long press on its icon). The English one goes to
// vite-plugin-pwa, which writes it and links it from index.html; the Slovenian one is written
// beside it, and the app switches the link to it for a Slovenian user (web/src/pwa/install.ts).
// One identity (`id`) for both, so that installing in either language is the same app.
import type { Plugin } from 'vite'
import type { ManifestOptions } from 'vite-plugin-pwa'
import { MANIFEST_FILES, type ManifestLanguage } from '../src/pwa/manifest-files'

interface ManifestTexts {
  description: string
  shortcuts: { url: '/ETAB' | '/urnik'; name: string; short_name: string; description: string }[]
}

const TEXTS: Record<ManifestLanguage, ManifestTexts> = {
  en: {
    description:
      'A five-year international training programme in a body-movement method: timetable, attendance, materials and registration.',
    shortcuts: [
      {
        url: '/ETAB',
        name: 'Electronic tab: attendance',
        short_name: 'Attendance',
        description: 'Mark attendance for a training day',
      },
      {
        url: '/urnik',
        name: 'Timetable',
        short_name: 'Timetable',
        description: 'Training days and hours of every year',
      },
    ],
  },
  sl: {
    description:
      'Petletni mednarodni izobraževalni program metode gibanja: urnik, prisotnost, gradiva in prijave.',
    shortcuts: [
      {
        url: '/ETAB',
        name: 'Elektronska tabla: prisotnost',
        short_name: 'Prisotnost',
        description: 'Vpis prisotnosti za učni dan',
      },
      {
        url: '/urnik',
        name: 'Urnik',
        short_name: 'Urnik',
        description: 'Učni dnevi in ure vseh letnikov',
      },
    ],
  },
}

const APP_ICON = [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }]

export function webManifest(lang: ManifestLanguage): Partial<ManifestOptions> {
  const texts = TEXTS[lang]
  return {
    id: '/',
    name: 'Ljubljana LFIT',
    short_name: 'LFIT',
    description: texts.description,
    lang,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: '#1565c0',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: texts.shortcuts.map((shortcut) => ({ ...shortcut, icons: APP_ICON })),
  }
}

/** Writes the manifests of the languages other than English (vite-plugin-pwa writes that one). */
export function otherManifestsPlugin(): Plugin {
  return {
    name: 'lfit-web-manifests',
    apply: 'build',
    generateBundle() {
      for (const lang of Object.keys(MANIFEST_FILES) as ManifestLanguage[]) {
        if (lang === 'en') continue
        this.emitFile({
          type: 'asset',
          fileName: MANIFEST_FILES[lang],
          source: JSON.stringify(webManifest(lang)),
        })
      }
    },
  }
}
