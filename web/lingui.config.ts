// Lingui catalogs: English source strings, Slovenian translations, one .po file per language and
// catalog (web/build/catalog-groups.ts: the app's words, the words of screens loaded on demand,
// and the studio tablet's). `npx lingui extract --config web/lingui.config.ts` updates them from
// the source.
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@lingui/cli'
import { catalogGroups } from './build/catalog-groups'

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'sl'],
  fallbackLocales: { default: 'en' },
  catalogs: catalogGroups(fileURLToPath(new URL('.', import.meta.url)), {
    app: '<rootDir>/src/locales/{locale}',
    screens: '<rootDir>/src/locales/screens/{locale}',
    tablet: '<rootDir>/src/locales/tablet/{locale}',
  }),
})
