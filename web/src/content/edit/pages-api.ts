// The page editors' calls (/api/pages, /api/news; docs/0050-public-pages-and-news-are-data.md),
// through the one API client. Visitors read the pages through their payloads (page-text.ts).
import { z } from 'zod'
import {
  newsAnswerSchema,
  newsPostAnswerSchema,
  pageAnswerSchema,
  pageDraftSchema,
  pagesIndexAnswerSchema,
  pageVersionsAnswerSchema,
  type NewsDraft,
  type NewsPost,
  type PageDraft,
  type PageView,
} from '@lfit/domain/pages/page'
import { api } from '../../api/api'

const page = (slug: string, ...rest: string[]) =>
  `/api/pages/${[slug, ...rest].map((part) => encodeURIComponent(part)).join('/')}` as const

export async function loadPageIndex() {
  return (await api.resource('GET', '/api/pages', pagesIndexAnswerSchema)).pages
}

export async function loadPage(slug: string): Promise<PageView> {
  return (await api.resource('GET', page(slug), pageAnswerSchema)).page
}

export async function loadVersions(slug: string) {
  return (await api.resource('GET', page(slug, 'versions'), pageVersionsAnswerSchema)).versions
}

export async function loadVersion(slug: string, version: number): Promise<PageDraft> {
  const answer = z.object({ draft: pageDraftSchema })
  return (await api.resource('GET', page(slug, 'versions', String(version)), answer)).draft
}

export async function savePage(slug: string, draft: PageDraft): Promise<PageView> {
  return (await api.action(page(slug), draft, pageAnswerSchema)).page
}

export async function restoreVersion(slug: string, version: number): Promise<PageView> {
  const path = page(slug, 'versions', String(version), 'restore')
  return (await api.action(path, {}, pageAnswerSchema)).page
}

export async function loadAllNews(): Promise<NewsPost[]> {
  return (await api.resource('GET', '/api/news/all', newsAnswerSchema)).posts
}

export async function saveNews(id: string | null, draft: NewsDraft): Promise<NewsPost> {
  const path = id ? (`/api/news/${encodeURIComponent(id)}` as const) : '/api/news'
  return (await api.action(path, draft, newsPostAnswerSchema)).post
}

export async function deleteNews(id: string): Promise<void> {
  await api.resource('DELETE', `/api/news/${encodeURIComponent(id)}`, z.unknown())
}
