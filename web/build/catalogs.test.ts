// Every message has its Slovenian translation, and both catalogs hold the same messages with the
// same placeholders. (The catalogs come from `lingui extract`; the keys are never edited by hand.)
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

interface Entry {
  id: string
  translation: string
}

/** The msgid/msgstr pairs of a .po file (continuation lines joined, escapes undone). */
function readPo(
  language: string,
  file = new URL(`../src/locales/${language}.po`, import.meta.url),
) {
  const text = readFileSync(file, 'utf8')
  const entries: Entry[] = []
  let field: 'id' | 'translation' | null = null
  let current: Entry | null = null
  const unquote = (quoted: string) => JSON.parse(quoted) as string
  for (const line of text.split(/\r?\n/)) {
    const start = /^(msgid|msgstr) (".*")$/.exec(line)
    if (start) {
      if (start[1] === 'msgid') {
        current = { id: unquote(start[2] as string), translation: '' }
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

/** The messages `lingui extract` finds in the source now, extracted into a scratch catalog. */
function extractedIds(): string[] {
  const scratch = mkdtempSync(join(tmpdir(), 'lfit-extract-'))
  try {
    const config = join(scratch, 'lingui.config.json')
    writeFileSync(
      config,
      JSON.stringify({
        rootDir: webDir,
        sourceLocale: 'en',
        locales: ['en'],
        catalogs: [
          {
            path: join(scratch, '{locale}'),
            include: ['<rootDir>/src'],
            exclude: ['**/node_modules/**', '**/*.test.*'],
          },
        ],
      }),
    )
    const cli = fileURLToPath(
      new URL('../../node_modules/@lingui/cli/dist/lingui.js', import.meta.url),
    )
    const run = spawnSync(process.execPath, [cli, 'extract', '--config', config], {
      encoding: 'utf8',
    })
    if (run.status !== 0) throw new Error(`lingui extract failed:\n${run.stderr}`)
    return readPo('en', new URL(`file://${join(scratch, 'en.po')}`)).map((entry) => entry.id)
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('message catalogs', () => {
  const sl = readPo('sl')
  const en = readPo('en')

  it('hold messages', () => {
    expect(sl.length).toBeGreaterThan(50)
  })

  it('every message has a Slovenian translation', () => {
    const missing = sl.filter((entry) => entry.translation.trim() === '').map((entry) => entry.id)
    expect(missing, `untranslated in sl.po: ${missing.join(' | ')}`).toEqual([])
  })

  it('hold exactly the messages of the source (run `npm run extract` after changing UI text)', () => {
    const inSource = extractedIds().sort()
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
