import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { findRoute } from '../../domain/src/access/routes'
import { MANIFEST_FILES } from '../src/pwa/manifest-files'
import { MANIFEST_SOURCE, readManifestSource, webManifest } from './web-manifests'

const publicFile = (src: string) => fileURLToPath(new URL(`../public${src}`, import.meta.url))

describe('the web manifest in both languages', () => {
  it('has a file for English and for Slovenian', () => {
    expect(MANIFEST_FILES).toEqual({
      en: 'manifest.webmanifest',
      sl: 'manifest.sl.webmanifest',
    })
  })

  it.each([
    {
      lang: 'en',
      description: /^A five-year international training programme/,
      shortcuts: [
        { url: '/ETAB', name: 'Electronic tab: attendance', short_name: 'Attendance' },
        { url: '/urnik', name: 'Timetable', short_name: 'Timetable' },
      ],
    },
    {
      lang: 'sl',
      description: /^Petletni mednarodni izobraževalni program/,
      shortcuts: [
        { url: '/ETAB', name: 'Elektronska tabla: prisotnost', short_name: 'Prisotnost' },
        { url: '/urnik', name: 'Urnik', short_name: 'Urnik' },
      ],
    },
  ] as const)('$lang: name, description and shortcuts in its language', (expected) => {
    const manifest = webManifest(expected.lang)
    expect(manifest.lang).toBe(expected.lang)
    expect(manifest.name).toBe('Ljubljana LFIT')
    expect(manifest.short_name).toBe('LFIT')
    expect(manifest.description).toMatch(expected.description)
    expect(
      manifest.shortcuts?.map(({ url, name, short_name }) => ({ url, name, short_name })),
    ).toEqual(expected.shortcuts)
    for (const shortcut of manifest.shortcuts ?? []) {
      expect(shortcut.description, `${shortcut.url} says what it opens`).toMatch(/\S{3}/)
      expect(findRoute(shortcut.url), `${shortcut.url} is a page of the app`).toBeDefined()
    }
  })

  it('is one app in either language: same identity, start, scope and icons', () => {
    const [en, sl] = [webManifest('en'), webManifest('sl')]
    for (const field of ['id', 'start_url', 'scope', 'display', 'icons', 'theme_color'] as const) {
      expect(sl[field], field).toEqual(en[field])
    }
    expect(en.id).toBe('/')
    expect(en.display).toBe('standalone')
    expect(sl.description).not.toBe(en.description)
  })

  it.each(['en', 'sl'] as const)('%s: every icon it names is in the build', (lang) => {
    const manifest = webManifest(lang)
    const icons = [
      ...(manifest.icons ?? []),
      ...(manifest.shortcuts ?? []).flatMap((s) => s.icons ?? []),
    ]
    expect(icons.some((icon) => icon.purpose === 'maskable')).toBe(true)
    for (const icon of icons) expect(existsSync(publicFile(icon.src)), icon.src).toBe(true)
  })
})

describe('the top-level manifest.webmanifest is the one source of both', () => {
  /** The source with one change, written where readManifestSource can read it. */
  function withSource<T>(
    change: (source: Record<string, unknown>) => void,
    read: (path: string) => T,
  ) {
    const dir = mkdtempSync(join(tmpdir(), 'lfit-manifest-'))
    try {
      const source = JSON.parse(readFileSync(MANIFEST_SOURCE, 'utf8')) as Record<string, unknown>
      change(source)
      const path = join(dir, 'manifest.webmanifest')
      writeFileSync(path, JSON.stringify(source))
      return read(path)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }

  it('a name changed in the source is the name of both languages', () => {
    const source = withSource((s) => (s.name = 'Studio LFIT'), readManifestSource)
    expect(webManifest('en', source).name).toBe('Studio LFIT')
    expect(webManifest('sl', source).name).toBe('Studio LFIT')
  })

  it('the browser never receives the translations member', () => {
    expect(webManifest('en')).not.toHaveProperty('translations')
    expect(webManifest('sl')).not.toHaveProperty('translations')
  })

  it.each([
    {
      case: 'a translation missing a shortcut',
      change: (s: Record<string, unknown>) => {
        const sl = (s.translations as { sl: { shortcuts: unknown[] } }).sl
        sl.shortcuts.pop()
      },
      says: /every translation words each shortcut/,
    },
    {
      case: 'an icon path that is not absolute',
      change: (s: Record<string, unknown>) => ((s.icons as [{ src: string }])[0].src = 'icon.png'),
      says: /icons/,
    },
    {
      case: 'an unknown member (a typo)',
      change: (s: Record<string, unknown>) => (s.shortname = 'LFIT'),
      says: /shortname/,
    },
  ])('a source with $case stops the build, naming what is wrong', ({ change, says }) => {
    expect(() => withSource(change, readManifestSource)).toThrow(says)
  })
})
