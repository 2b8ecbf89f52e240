// Every message has its Slovenian translation, and each catalog (the app's words, the screens'
// words and the studio tablet's, web/build/catalog-groups.ts) holds the same messages in both
// languages with the same placeholders. (The catalogs come from `lingui extract`; the keys are never edited by hand.)
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { catalogGroups, importedFiles, TABLET_SCREEN } from './catalog-groups'

interface Entry {
  id: string
  translation: string
  /** msgctxt: the same words meant another way are another message. */
  context: string
}

/** The msgid/msgstr pairs of a .po file (continuation lines joined, escapes undone). */
/** The catalogs' folders under web/src/locales. */
const CATALOGS = { app: '', screens: 'screens/', tablet: 'tablet/' } as const
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
        catalogs: catalogGroups(webDir, {
          app: join(scratch, 'app', '{locale}'),
          screens: join(scratch, 'screens', '{locale}'),
          tablet: join(scratch, 'tablet', '{locale}'),
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
    return { app: ids('app'), screens: ids('screens'), tablet: ids('tablet') }
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

describe('a message in several catalogs', () => {
  // The screens' (or the tablet's) words are loaded over the app's, and a screen opened after the
  // tablet's loads the screens' over those: a message translated two ways would change a word on
  // screen (say the language switcher's "Slovenščina") once another catalog has loaded.
  it.each(['sl', 'en'])('has one translation in %s', (language) => {
    const key = (entry: Entry) => `${entry.context}\u0004${entry.id}`
    const seen = new Map<string, { catalog: Catalog; translation: string }>()
    const twoWays: string[] = []
    for (const catalog of Object.keys(CATALOGS) as Catalog[]) {
      for (const entry of readPo(language, catalog)) {
        const earlier = seen.get(key(entry))
        if (earlier && earlier.translation !== entry.translation) {
          twoWays.push(
            `${entry.id}: ${earlier.translation} (${earlier.catalog}) / ${entry.translation} (${catalog})`,
          )
        }
        seen.set(key(entry), { catalog, translation: entry.translation })
      }
    }
    expect(twoWays).toEqual([])
  })
})

describe('the studio tablet’s words', () => {
  // /ETAB loads them instead of the screens' (docs/0057): every message of a file its screen
  // imports is in them, or the tablet would show it in English.
  it('are every message of the files its screen imports, and only those', () => {
    const tablet = readPo('en', 'tablet').map((entry) => entry.id)
    const screens = new Set(readPo('en', 'screens').map((entry) => entry.id))
    expect(tablet.length).toBeGreaterThan(50)
    expect(tablet.filter((id) => !screens.has(id))).toEqual([])
    expect(tablet.length).toBeLessThan(screens.size / 5)
  })

  it('follow the screen’s imports', () => {
    const files = importedFiles(webDir, TABLET_SCREEN)
    expect(files).toContain('src/attendance/EtabScreen.tsx')
    expect(files).toContain('src/attendance/EtabRow.tsx')
    expect(files).toContain('src/makeups/book/session-words.ts')
    expect(files).not.toContain('src/attendance/AttendanceGrid.tsx')
  })
})
