// The first version of every public page: the Markdown files in web/content/pages that the
// product ships, one per page and language (web/content/README.md). A database stores them the
// first time a page is asked for; from then on the stored page is the page, edited in the app
// (docs/0050-public-pages-and-news-are-data.md). The files also name the pages that exist: the
// build lists their names for the router, the service worker and the server's 404s.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { marked } from 'marked'
import type { PageDraft } from '@lfit/domain/pages/page'
import { sanitizePageHtml } from '../rich-text/sanitize'

/** The product's page files, beside the web app's sources in the repository. */
export const PAGE_FILES_DIR = fileURLToPath(new URL('../../../web/content/pages/', import.meta.url))

const FILE_NAME = /^([a-z0-9][a-z0-9-]*)\.(en|sl)\.md$/
const HEADER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/

interface PageFile {
  title: string
  description: string
  html: string
}

function headerValue(header: string, key: string): string {
  for (const line of header.split(/\r?\n/)) {
    const at = line.indexOf(':')
    if (at > 0 && line.slice(0, at).trim() === key) return line.slice(at + 1).trim()
  }
  return ''
}

function readPageFile(path: string): PageFile {
  const match = HEADER.exec(readFileSync(path, 'utf8'))
  if (!match) throw new Error(`${path}: a page file starts with a --- header`)
  const header = match[1] ?? ''
  // The file's first heading repeats its title, which the page shows from its own field.
  const body = (match[2] ?? '').replace(/^\s*#\s[^\n]*\n/, '')
  // The same allow-list as an edit in the app: the first version is stored as an editor's would be.
  const html = sanitizePageHtml(marked.parse(body, { async: false }))
  return {
    title: headerValue(header, 'title'),
    description: headerValue(header, 'description'),
    html,
  }
}

/** Every page of the files, by name, in both languages. */
export function firstVersions(dir: string = PAGE_FILES_DIR): Map<string, PageDraft> {
  const files = new Map<string, Partial<Record<'sl' | 'en', PageFile>>>()
  for (const name of readdirSync(dir).sort()) {
    const parts = FILE_NAME.exec(name)
    if (!parts) continue
    const [, slug = '', lang = 'en'] = parts
    const page = files.get(slug) ?? {}
    page[lang as 'sl' | 'en'] = readPageFile(join(dir, name))
    files.set(slug, page)
  }
  const drafts = new Map<string, PageDraft>()
  for (const [slug, { sl, en }] of files) {
    if (!sl || !en) throw new Error(`page "${slug}" needs both ${slug}.sl.md and ${slug}.en.md`)
    drafts.set(slug, {
      title: { sl: sl.title, en: en.title },
      description: { sl: sl.description, en: en.description },
      html: { sl: sl.html, en: en.html },
    })
  }
  return drafts
}
