// The web manifest's file per language, shared by the build (which writes them) and the app
// (which points `<link rel="manifest">` at the one of the language on screen). English is the
// default and keeps the long-standing name.
export const MANIFEST_FILES = {
  en: 'manifest.webmanifest',
  sl: 'manifest.sl.webmanifest',
} as const

export type ManifestLanguage = keyof typeof MANIFEST_FILES
