// The product's Markdown page files, checked at build time (a header, both languages): the
// build lists their names; the server stores them as the pages' first versions.
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

/**
 * `virtual:content-pages`: the names of the product's pages, for the router and the layout. Their
 * text is not in the bundle: the server stores the files as each page's first version and serves
 * what the editors have made of it since (docs/0050-public-pages-and-news-are-data.md).
 */
export function contentPagesPlugin(dir: string): Plugin {
  return {
    name: 'lfit-content-pages',
    resolveId(id) {
      return id === INDEX_ID ? `\0${id}` : undefined
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: CONTENT_PAGES_FILE,
        source: JSON.stringify(contentPageNames(readContentPages(dir))),
      })
    },
    load(id) {
      if (id !== `\0${INDEX_ID}`) return undefined
      this.addWatchFile(dir)
      return `export const pageNames = ${JSON.stringify(contentPageNames(readContentPages(dir)))}\n`
    },
  }
}
