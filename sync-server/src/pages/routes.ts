// /api/pages and /api/news (docs/0050-public-pages-and-news-are-data.md, docs/access-policy.md#pages):
// a visitor reads the product's public pages and the published news; the page editors and the
// administrator save a page's next version, list and restore earlier ones, and write the news.
// What is saved is sanitised here, whatever the editor sent, and bounded by the domain schemas.
import { Hono, type Context } from 'hono'
import {
  isPageEditor,
  newsDraftSchema,
  PAGE_SLUG,
  pageDraftSchema,
  type PageDraft,
} from '@lfit/domain/pages/page'
import type { AppEnv } from '../http/env'
import { parseBody } from '../http/body'
import { ApiError } from '../http/errors'
import { answer } from '../http/msgpack'
import { sanitizePageHtml, sanitizeRichText } from '../rich-text/sanitize'
import type { PageBook } from './book'

/** The signed-in page editor, or a refusal: a visitor 401, anyone else 403. */
function requireEditor(c: Context<AppEnv>) {
  const session = c.get('session')
  if (!session) throw new ApiError('notLoggedIn')
  if (!isPageEditor({ roles: session.roles })) throw new ApiError('forbidden')
  return session
}

const slugOf = (c: Context<AppEnv>, book: PageBook) => {
  const slug = c.req.param('slug') ?? ''
  if (!PAGE_SLUG.test(slug) || !book.has(slug)) throw new ApiError('contentPageNotFound')
  return slug
}

const versionOf = (c: Context<AppEnv>) => {
  const version = Number(c.req.param('version'))
  if (!Number.isSafeInteger(version) || version < 1) throw new ApiError('pageVersionNotFound')
  return version
}

const cleanPage = (draft: PageDraft): PageDraft => ({
  ...draft,
  html: { sl: sanitizePageHtml(draft.html.sl), en: sanitizePageHtml(draft.html.en) },
})

export function createPageRoutes(deps: { book: PageBook }): Hono<AppEnv> {
  const { book } = deps
  const app = new Hono<AppEnv>()

  app.get('/', async (c) => {
    const pages = (await book.index()).map(({ slug, title, description, version }) => ({
      slug,
      title,
      description,
      version,
    }))
    return answer(c, { pages })
  })

  app.get('/:slug', async (c) => {
    const page = await book.page(slugOf(c, book))
    if (!page) throw new ApiError('contentPageNotFound')
    return answer(c, { page })
  })

  app.post('/:slug', async (c) => {
    const session = requireEditor(c)
    const slug = slugOf(c, book)
    const draft = cleanPage(parseBody(pageDraftSchema, c.get('body')))
    const page = await book.save(slug, draft, session.user.username)
    return answer(c, { page })
  })

  app.get('/:slug/versions', async (c) => {
    requireEditor(c)
    return answer(c, { versions: await book.versions(slugOf(c, book)) })
  })

  app.get('/:slug/versions/:version', async (c) => {
    requireEditor(c)
    const slug = slugOf(c, book)
    const draft = await book.version(slug, versionOf(c))
    if (!draft) throw new ApiError('pageVersionNotFound')
    return answer(c, { draft })
  })

  /** An earlier version shown again, as a new version: nothing of the history is lost. */
  app.post('/:slug/versions/:version/restore', async (c) => {
    const session = requireEditor(c)
    const slug = slugOf(c, book)
    const draft = await book.version(slug, versionOf(c))
    if (!draft) throw new ApiError('pageVersionNotFound')
    const page = await book.save(slug, draft, session.user.username)
    return answer(c, { page })
  })

  return app
}

const NEWS_ID = /^[\w-]{1,40}$/

export function createNewsRoutes(deps: { book: PageBook }): Hono<AppEnv> {
  const { book } = deps
  const app = new Hono<AppEnv>()
  const clean = (c: Context<AppEnv>) => {
    const draft = parseBody(newsDraftSchema, c.get('body'))
    return {
      ...draft,
      html: { sl: sanitizeRichText(draft.html.sl), en: sanitizeRichText(draft.html.en) },
    }
  }
  const idOf = (c: Context<AppEnv>) => {
    const id = c.req.param('id') ?? ''
    if (!NEWS_ID.test(id)) throw new ApiError('newsPostNotFound')
    return id
  }

  app.get('/', async (c) => answer(c, { posts: await book.news({ drafts: false }) }))

  app.get('/all', async (c) => {
    requireEditor(c)
    return answer(c, { posts: await book.news({ drafts: true }) })
  })

  app.post('/', async (c) => {
    const session = requireEditor(c)
    const post = await book.saveNews(null, clean(c), session.user.username)
    return answer(c, { post }, 201)
  })

  app.post('/:id', async (c) => {
    const session = requireEditor(c)
    const id = idOf(c)
    if (!(await book.newsPost(id))) throw new ApiError('newsPostNotFound')
    const post = await book.saveNews(id, clean(c), session.user.username)
    return answer(c, { post })
  })

  app.delete('/:id', async (c) => {
    requireEditor(c)
    if (!(await book.removeNews(idOf(c)))) throw new ApiError('newsPostNotFound')
    return answer(c, { removed: true })
  })

  return app
}
