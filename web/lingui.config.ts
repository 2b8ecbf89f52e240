// Lingui catalogs: English source strings, Slovenian translations, one .po file per language and
// catalog (web/build/catalog-groups.ts: the app's words, and the words of screens loaded on
// demand). `npx lingui extract --config web/lingui.config.ts` updates them from the source.
import { defineConfig } from '@lingui/cli'
import { catalogGroups } from './build/catalog-groups'

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'sl'],
  fallbackLocales: { default: 'en' },
  catalogs: catalogGroups({
    app: '<rootDir>/src/locales/{locale}',
    screens: '<rootDir>/src/locales/screens/{locale}',
  }),
})
