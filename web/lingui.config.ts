// Lingui catalogs: English source strings, Slovenian translations, one .po file per language.
// `npx lingui extract --config web/lingui.config.ts` updates them from the source.
import { defineConfig } from '@lingui/cli'

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'sl'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.*'],
    },
  ],
})
