// The web manifest in both languages: what a phone or tablet shows when the app is installed
// (name, description, the shortcuts of a long press on its icon). One source, the repository's
// top-level `manifest.webmanifest`: the English manifest whole, with a `translations` member (the
// shape of the W3C manifest-incubations proposal) holding the Slovenian texts. The build makes one
// file per language from it: the English one goes to vite-plugin-pwa, which writes it and links it
// from index.html; the Slovenian one is written beside it, and the app switches the link to it for
// a Slovenian user (web/src/pwa/install.ts). One identity (`id`) for both, so that installing in
// either language is the same app.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import type { ManifestOptions } from 'vite-plugin-pwa'
import { z } from 'zod'
import { MANIFEST_FILES, type ManifestLanguage } from '../src/pwa/manifest-files'

export const MANIFEST_SOURCE = fileURLToPath(new URL('../../manifest.webmanifest', import.meta.url))

const icon = z.object({
  src: z.string().startsWith('/'),
  sizes: z.string(),
  type: z.string(),
  purpose: z.enum(['any', 'maskable', 'monochrome']).optional(),
})
const shortcutTexts = z.object({
  name: z.string().min(1),
  short_name: z.string().min(1),
  description: z.string().min(1),
})
const texts = z.object({ description: z.string().min(1), shortcuts: z.array(shortcutTexts) })

/** What the source must hold; a typo in it stops the build with the field named. */
const manifestSource = z
  .object({
    id: z.string(),
    name: z.string().min(1),
    short_name: z.string().min(1),
    description: z.string().min(1),
    lang: z.literal('en'),
    dir: z.enum(['ltr', 'rtl']),
    start_url: z.string(),
    scope: z.string(),
    display: z.enum(['standalone', 'fullscreen', 'minimal-ui', 'browser']),
    orientation: z.enum([
      'any',
      'natural',
      'landscape',
      'landscape-primary',
      'landscape-secondary',
      'portrait',
      'portrait-primary',
      'portrait-secondary',
    ]),
    theme_color: z.string(),
    background_color: z.string(),
    icons: z.array(icon).min(1),
    shortcuts: z.array(shortcutTexts.extend({ url: z.string(), icons: z.array(icon) })),
    translations: z.record(z.enum(['sl']), texts),
  })
  .strict()
  .refine(
    (source) =>
      Object.values(source.translations).every(
        (t) => t.shortcuts.length === source.shortcuts.length,
      ),
    { message: 'every translation words each shortcut, in the same order' },
  )

export function readManifestSource(path = MANIFEST_SOURCE): z.infer<typeof manifestSource> {
  const parsed = manifestSource.safeParse(JSON.parse(readFileSync(path, 'utf8')))
  if (!parsed.success) {
    throw new Error(`${path} is not a valid manifest source:\n${z.prettifyError(parsed.error)}`)
  }
  return parsed.data
}

/** The manifest of one language, as the browser reads it (no `translations` member). */
export function webManifest(
  lang: ManifestLanguage,
  source = readManifestSource(),
): Partial<ManifestOptions> {
  const { translations, ...english } = source
  if (lang === 'en') return english
  const words = translations[lang]
  return {
    ...english,
    lang,
    description: words.description,
    shortcuts: english.shortcuts.map((shortcut, i) => ({ ...shortcut, ...words.shortcuts[i] })),
  }
}

/** Writes the manifests of the languages other than English (vite-plugin-pwa writes that one). */
export function otherManifestsPlugin(): Plugin {
  return {
    name: 'lfit-web-manifests',
    apply: 'build',
    generateBundle() {
      this.addWatchFile(MANIFEST_SOURCE)
      const source = readManifestSource()
      for (const lang of Object.keys(MANIFEST_FILES) as ManifestLanguage[]) {
        if (lang === 'en') continue
        this.emitFile({
          type: 'asset',
          fileName: MANIFEST_FILES[lang],
          source: JSON.stringify(webManifest(lang, source)),
        })
      }
    },
  }
}
