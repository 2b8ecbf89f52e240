// Build-time compiler of the Markdown content pages: the browser gets ready HTML per page and
// language, loaded on demand, and never a Markdown parser.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { marked } from 'marked'
import type { Plugin } from 'vite'
import { z } from 'zod'
import { CONTENT_PAGES_FILE } from '../../domain/src/api/calls'

export const CONTENT_LANGUAGES = ['en', 'sl'] as const
type ContentLanguage = (typeof CONTENT_LANGUAGES)[number]

const headerSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  sample: z.enum(['true', 'false']).optional(),
})

export interface ContentPage {
  slug: string
  lang: ContentLanguage
  title: string
  description: string
  sample: boolean
  html: string
}

const FILE_NAME = /^([a-z0-9][a-z0-9-]*)\.(en|sl)\.md$/

/** Splits the `---` header of `key: value` lines from the Markdown body. */
function splitHeader(file: string, text: string): { header: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text)
  if (!match) throw new Error(`${file}: a content page starts with a --- header (see README.md)`)
  const header: Record<string, string> = {}
  for (const line of (match[1] as string).split(/\r?\n/)) {
    if (!line.trim()) continue
    const at = line.indexOf(':')
    if (at < 0) throw new Error(`${file}: header line without "key: value": ${line}`)
    header[line.slice(0, at).trim()] = line.slice(at + 1).trim()
  }
  return { header, body: match[2] as string }
}

export function readContentPages(dir: string): ContentPage[] {
  const pages: ContentPage[] = []
  for (const file of readdirSync(dir).sort()) {
    const name = FILE_NAME.exec(file)
    if (!name) continue
    const { header, body } = splitHeader(file, readFileSync(join(dir, file), 'utf8'))
    const parsed = headerSchema.safeParse(header)
    if (!parsed.success)
      throw new Error(
        `${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
      )
    pages.push({
      slug: name[1] as string,
      lang: name[2] as ContentLanguage,
      title: parsed.data.title,
      description: parsed.data.description,
      sample: parsed.data.sample === 'true',
      html: marked.parse(body, { async: false }),
    })
  }
  const slugs = new Set(pages.map((page) => page.slug))
  for (const slug of slugs)
    for (const lang of CONTENT_LANGUAGES)
      if (!pages.some((page) => page.slug === slug && page.lang === lang))
        throw new Error(`content page "${slug}" has no ${lang} file (${slug}.${lang}.md)`)
  return pages
}

/** The page names, once each, sorted: what the server reads to tell a page from a 404. */
export function contentPageNames(pages: readonly ContentPage[]): string[] {
  return [...new Set(pages.map((page) => page.slug))].sort()
}

const INDEX_ID = 'virtual:content-pages'
const PAGE_PREFIX = 'virtual:content-page/'

export function contentPagesPlugin(dir: string): Plugin {
  return {
    name: 'lfit-content-pages',
    resolveId(id) {
      if (id === INDEX_ID || id.startsWith(PAGE_PREFIX)) return `\0${id}`
      return undefined
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: CONTENT_PAGES_FILE,
        source: JSON.stringify(contentPageNames(readContentPages(dir))),
      })
    },
    load(id) {
      if (!id.startsWith('\0virtual:content-')) return undefined
      this.addWatchFile(dir)
      const pages = readContentPages(dir)
      for (const page of pages) this.addWatchFile(join(dir, `${page.slug}.${page.lang}.md`))
      if (id === `\0${INDEX_ID}`) {
        const index: Record<string, Record<string, { title: string; description: string }>> = {}
        for (const page of pages) {
          index[page.slug] ??= {}
          ;(index[page.slug] as Record<string, unknown>)[page.lang] = {
            title: page.title,
            description: page.description,
          }
        }
        const loaders = pages
          .map(
            (p) =>
              `${JSON.stringify(`${p.slug}.${p.lang}`)}: () => import(${JSON.stringify(`${PAGE_PREFIX}${p.slug}.${p.lang}`)})`,
          )
          .join(',\n')
        return `export const pages = ${JSON.stringify(index)}\nconst loaders = {${loaders}}\nexport function loadPage(slug, lang) { const load = loaders[slug + '.' + lang]; return load ? load().then((m) => m.default) : Promise.resolve(undefined) }\n`
      }
      const key = id.slice(`\0${PAGE_PREFIX}`.length)
      const page = pages.find((p) => `${p.slug}.${p.lang}` === key)
      if (!page) return 'export default undefined'
      const { title, description, html, sample } = page
      return `export default ${JSON.stringify({ title, description, html, sample })}`
    },
  }
}
