import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readContentPages } from './content-pages'

const CONTENT = join(import.meta.dirname, '../content/pages')

const PUBLIC_PAGES = [
  'home',
  'faq',
  'metoda',
  'novice',
  'koncept',
  'kontakt',
  'solnina',
  'lokacija',
  'navodila',
  'ucitelji',
  'kurikulum',
  'prednosti',
  'nadaljevanje',
  'nadomescanje',
  'predstavitve',
  'organizatorji',
  'notrack',
]

function tempContent(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'content-'))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return dir
}

const page = (title: string) =>
  `---\ntitle: ${title}\ndescription: About ${title}\n---\n\n# ${title}\n\nSome *text*.\n`

describe('content pages', () => {
  const pages = readContentPages(CONTENT)

  it.each(PUBLIC_PAGES)('"%s" exists in Slovenian and English with its own title', (slug) => {
    const en = pages.find((p) => p.slug === slug && p.lang === 'en')
    const sl = pages.find((p) => p.slug === slug && p.lang === 'sl')
    expect(en?.title).toBeTruthy()
    expect(sl?.title).toBeTruthy()
    expect(en?.html).toContain('<h1>')
    expect(sl?.html).not.toBe(en?.html)
  })

  it("ships every page as the studio's own text: none is marked sample or says so", () => {
    expect(pages.filter((p) => p.sample).map((p) => `${p.slug}.${p.lang}`)).toEqual([])
    const sampleWording = /sample text|to be replaced|placeholder|vzorčno besedilo|zamenjali/i
    expect(
      pages.filter((p) => sampleWording.test(p.html)).map((p) => `${p.slug}.${p.lang}`),
    ).toEqual([])
  })

  it('reads the sample flag from the header', () => {
    const dir = tempContent({
      'x.en.md': '---\ntitle: X\ndescription: d\nsample: true\n---\n\n# X\n',
      'x.sl.md': page('X'),
    })
    expect(readContentPages(dir).map((p) => p.sample)).toEqual([true, false])
  })

  it('adding a pair of files adds a page, with no code change', () => {
    const dir = tempContent({
      'galerija.en.md': page('Gallery'),
      'galerija.sl.md': page('Galerija'),
    })
    expect(readContentPages(dir).map((p) => `${p.slug}.${p.lang}`)).toEqual([
      'galerija.en',
      'galerija.sl',
    ])
    expect(readContentPages(dir)[0]?.html).toContain('<em>text</em>')
  })

  it.each([
    ['a missing translation', { 'x.en.md': page('X') }, 'has no sl file'],
    [
      'a header without a title',
      { 'x.en.md': '---\ndescription: d\n---\nbody', 'x.sl.md': page('X') },
      'title',
    ],
    ['no header at all', { 'x.en.md': '# X', 'x.sl.md': page('X') }, 'starts with a --- header'],
  ])('refuses %s with a clear message', (_label, files, message) => {
    expect(() => readContentPages(tempContent(files))).toThrow(message)
  })
})
