// Every message has its Slovenian translation, and each catalog (the app's words and the screens'
// words, web/build/catalog-groups.ts) holds the same messages in both languages with the same
// placeholders. (The catalogs come from `lingui extract`; the keys are never edited by hand.)
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { catalogGroups } from './catalog-groups'

interface Entry {
  id: string
  translation: string
  /** msgctxt: the same words meant another way are another message. */
  context: string
}

/** The msgid/msgstr pairs of a .po file (continuation lines joined, escapes undone). */
/** The catalogs' folders under web/src/locales. */
const CATALOGS = { app: '', screens: 'screens/' } as const
type Catalog = keyof typeof CATALOGS

function readPo(
  language: string,
  catalog: Catalog = 'app',
  file = new URL(`../src/locales/${CATALOGS[catalog]}${language}.po`, import.meta.url),
) {
  const text = readFileSync(file, 'utf8')
  const entries: Entry[] = []
  let field: 'id' | 'translation' | null = null
  let current: Entry | null = null
  let context = ''
  const unquote = (quoted: string) => JSON.parse(quoted) as string
  for (const line of text.split(/\r?\n/)) {
    const start = /^(msgctxt|msgid|msgstr) (".*")$/.exec(line)
    if (start) {
      if (start[1] === 'msgctxt') {
        context = unquote(start[2] as string)
        field = null
      } else if (start[1] === 'msgid') {
        current = { id: unquote(start[2] as string), translation: '', context }
        context = ''
        entries.push(current)
        field = 'id'
      } else if (current) {
        current.translation = unquote(start[2] as string)
        field = 'translation'
      }
    } else if (/^".*"$/.test(line) && current && field) {
      current[field] += unquote(line)
    } else {
      field = null
    }
  }
  return entries.filter((entry) => entry.id !== '')
}

const webDir = fileURLToPath(new URL('..', import.meta.url))

/** The messages `lingui extract` finds in the source now, by catalog, extracted into scratch. */
function extractedIds(): Record<Catalog, string[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'lfit-extract-'))
  try {
    const config = join(scratch, 'lingui.config.json')
    writeFileSync(
      config,
      JSON.stringify({
        rootDir: webDir,
        sourceLocale: 'en',
        locales: ['en'],
        catalogs: catalogGroups({
          app: join(scratch, 'app', '{locale}'),
          screens: join(scratch, 'screens', '{locale}'),
        }),
      }),
    )
    const cli = fileURLToPath(
      new URL('../../node_modules/@lingui/cli/dist/lingui.js', import.meta.url),
    )
    const run = spawnSync(process.execPath, [cli, 'extract', '--config', config], {
      encoding: 'utf8',
    })
    if (run.status !== 0) throw new Error(`lingui extract failed:\n${run.stderr}`)
    const ids = (catalog: Catalog) =>
      readPo('en', catalog, new URL(`file://${join(scratch, catalog, 'en.po')}`)).map(
        (entry) => entry.id,
      )
    return { app: ids('app'), screens: ids('screens') }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe.each(Object.keys(CATALOGS) as Catalog[])('the %s message catalog', (catalog) => {
  const sl = readPo('sl', catalog)
  const en = readPo('en', catalog)

  it('holds messages', () => {
    expect(sl.length).toBeGreaterThan(50)
  })

  it('every message has a Slovenian translation', () => {
    const missing = sl.filter((entry) => entry.translation.trim() === '').map((entry) => entry.id)
    expect(missing, `untranslated in sl.po: ${missing.join(' | ')}`).toEqual([])
  })

  it('holds exactly the messages of the source (run `npm run extract` after changing UI text)', () => {
    const inSource = extractedIds()[catalog].sort()
    const inCatalog = en.map((entry) => entry.id).sort()
    expect(
      inSource.filter((id) => !inCatalog.includes(id)),
      'not extracted',
    ).toEqual([])
    expect(
      inCatalog.filter((id) => !inSource.includes(id)),
      'no longer in the source',
    ).toEqual([])
  }, 60_000)

  it('English and Slovenian hold the same messages', () => {
    expect(sl.map((entry) => entry.id).sort()).toEqual(en.map((entry) => entry.id).sort())
  })

  it('translations keep the placeholders of their message', () => {
    for (const entry of sl) {
      expect(placeholders(entry.translation), entry.id).toEqual(placeholders(entry.id))
    }
  })
})

describe('a message in both catalogs', () => {
  // The screens' words are loaded over the app's: a message translated two ways would change the
  // app bar's word (say the language switcher's "Slovenščina") once any screen has loaded.
  it.each(['sl', 'en'])('has one translation in %s', (language) => {
    const key = (entry: Entry) => `${entry.context}\u0004${entry.id}`
    const app = new Map(readPo(language, 'app').map((entry) => [key(entry), entry.translation]))
    const twoWays = readPo(language, 'screens')
      .filter((entry) => app.has(key(entry)) && app.get(key(entry)) !== entry.translation)
      .map((entry) => `${entry.id}: ${app.get(key(entry))} / ${entry.translation}`)
    expect(twoWays).toEqual([])
  })
})
