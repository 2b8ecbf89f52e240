// The public pages and news in the store (docs/0050-public-pages-and-news-are-data.md):
// `pages` holds the version shown, `pageVersions` every version ever saved (restorable), `news`
// the posts. None is in the sync registry or the data API's policy: devices read them through
// /api/pages, which only ever answers what a visitor may see, or an editor's own lists.
import { randomBytes } from 'node:crypto'
import type { NewsDraft, NewsPost, PageDraft, PageVersion, PageView } from '@lfit/domain/pages/page'
import { NEWS_SHOWN, PAGE_VERSIONS_SHOWN } from '@lfit/domain/pages/page'
import { DuplicateKeyError, type FindOptions, type Store } from '../store/port'

export const PAGES = 'pages'
export const PAGE_VERSIONS = 'pageVersions'
export const NEWS = 'news'

interface StoredPage extends PageDraft {
  _id: string
  version: number
  updatedAt: string
}

interface StoredVersion extends PageDraft {
  _id: string
  slug: string
  version: number
  at: string
  /** Username of the editor; null for the first version, from the product's files. */
  by: string | null
}

interface StoredNews extends NewsDraft {
  _id: string
  updatedAt: string
  updatedBy: string
}

const view = (page: StoredPage): PageView => ({
  slug: page._id,
  title: page.title,
  description: page.description,
  html: page.html,
  version: page.version,
  updatedAt: page.updatedAt,
})

const newsView = ({ _id, date, title, html, published, updatedAt }: StoredNews): NewsPost => ({
  id: _id,
  date,
  title,
  html,
  published,
  updatedAt,
})

/** How long one instance may show a page another instance has since changed. */
const REVISION_KEPT_MS = 1_000

export class PageBook {
  private ready: Promise<void> | undefined
  private revisionRead: { at: number; revision: Promise<string> } | undefined

  /**
   * `firstVersions`: the product's pages (their names and first text); `clock` the server's.
   * A page's first version is stored the first time the book is used on a database.
   */
  constructor(
    private readonly stores: () => Promise<Store>,
    private readonly firstVersions: () => ReadonlyMap<string, PageDraft>,
    private readonly clock: () => number,
  ) {}

  /** Whether the product has a page of this name (only the product's pages can be edited). */
  has(slug: string): boolean {
    return this.firstVersions().has(slug)
  }

  private async collections() {
    const store = await this.stores()
    const pages = store.collection(PAGES)
    const versions = store.collection(PAGE_VERSIONS)
    const news = store.collection(NEWS)
    this.ready ??= this.prepare(pages, versions, news).catch((error: unknown) => {
      this.ready = undefined
      throw error
    })
    await this.ready
    return { pages, versions, news }
  }

  private async prepare(
    pages: ReturnType<Store['collection']>,
    versions: ReturnType<Store['collection']>,
    news: ReturnType<Store['collection']>,
  ): Promise<void> {
    await Promise.all([
      versions.ensureIndex({ key: { slug: 1, version: -1 } }),
      news.ensureIndex({ key: { date: -1 } }),
    ])
    // $setOnInsert: a page already edited is never touched, and two instances starting at once
    // store the same first version.
    const at = new Date(this.clock()).toISOString()
    const first = [...this.firstVersions()]
    await pages.bulkUpsert(
      first.map(([slug, draft]) => ({
        filter: { _id: slug },
        update: { $setOnInsert: { ...draft, version: 1, updatedAt: at } },
      })),
    )
    await versions.bulkUpsert(
      first.map(([slug, draft]) => ({
        filter: { _id: `${slug}@1` },
        update: { $setOnInsert: { ...draft, slug, version: 1, at, by: null } },
      })),
    )
  }

  /**
   * What the pages and news say, as one value that changes with any save on any instance: the
   * server's rendered pages and payload ETags follow it. Read from the store at most once a
   * second; a save here forgets it at once.
   */
  revision(): Promise<string> {
    const now = this.clock()
    const read = this.revisionRead
    if (read && now - read.at < REVISION_KEPT_MS && now >= read.at) return read.revision
    const revision = this.readRevision()
    this.revisionRead = { at: now, revision }
    revision.catch(() => {
      if (this.revisionRead?.revision === revision) this.revisionRead = undefined
    })
    return revision
  }

  private async readRevision(): Promise<string> {
    const { pages, news } = await this.collections()
    const latest: FindOptions = { sort: { updatedAt: -1 }, projection: { updatedAt: 1 } }
    const [page, post, posts] = await Promise.all([
      pages.findOne({}, latest),
      news.findOne({}, latest),
      news.count({}),
    ])
    return `${String(page?.updatedAt)}|${String(post?.updatedAt)}|${posts}`
  }

  private changed(): void {
    this.revisionRead = undefined
  }

  async page(slug: string): Promise<PageView | null> {
    if (!this.has(slug)) return null
    const { pages } = await this.collections()
    const found = (await pages.findById(slug)) as unknown as StoredPage | null
    return found && view(found)
  }

  async index(): Promise<PageView[]> {
    const { pages } = await this.collections()
    const found = (await pages.find(
      {},
      { sort: { _id: 1 }, limit: 500 },
    )) as unknown as StoredPage[]
    return found.filter((page) => this.has(page._id)).map(view)
  }

  /** Saves `draft` as the page's next version and shows it; the editor's name goes with it. */
  async save(slug: string, draft: PageDraft, by: string): Promise<PageView> {
    const { pages, versions } = await this.collections()
    const at = new Date(this.clock()).toISOString()
    // Two saves at once: each takes the next free version number, the later one is shown.
    for (;;) {
      const current = (await pages.findById(slug)) as unknown as StoredPage | null
      const version = (current?.version ?? 0) + 1
      try {
        await versions.insert({ _id: `${slug}@${version}`, ...draft, slug, version, at, by })
      } catch (error) {
        if (error instanceof DuplicateKeyError) continue
        throw error
      }
      const shown: StoredPage = { _id: slug, ...draft, version, updatedAt: at }
      await pages.upsert(
        { _id: slug, version: { $lt: version } },
        { $set: { ...draft, version, updatedAt: at } },
        { upsert: false },
      )
      this.changed()
      return view(shown)
    }
  }

  async versions(slug: string): Promise<PageVersion[]> {
    const { versions } = await this.collections()
    const found = (await versions.find(
      { slug },
      { sort: { version: -1 }, limit: PAGE_VERSIONS_SHOWN },
    )) as unknown as StoredVersion[]
    return found.map(({ version, at, by, title }) => ({ version, at, by, title }))
  }

  async version(slug: string, version: number): Promise<PageDraft | null> {
    const { versions } = await this.collections()
    const found = (await versions.findById(`${slug}@${version}`)) as unknown as StoredVersion | null
    if (!found) return null
    return { title: found.title, description: found.description, html: found.html }
  }

  /** News posts, newest first: published ones only, unless `drafts` (an editor's list). */
  async news({ drafts }: { drafts: boolean }): Promise<NewsPost[]> {
    const { news } = await this.collections()
    const found = (await news.find(drafts ? {} : { published: true }, {
      sort: { date: -1, updatedAt: -1 },
      limit: drafts ? 500 : NEWS_SHOWN,
    })) as unknown as StoredNews[]
    return found.map(newsView)
  }

  async newsPost(id: string): Promise<NewsPost | null> {
    const { news } = await this.collections()
    const found = (await news.findById(id)) as unknown as StoredNews | null
    return found && newsView(found)
  }

  async saveNews(id: string | null, draft: NewsDraft, by: string): Promise<NewsPost> {
    const { news } = await this.collections()
    const post: StoredNews = {
      _id: id ?? randomBytes(12).toString('base64url'),
      ...draft,
      updatedAt: new Date(this.clock()).toISOString(),
      updatedBy: by,
    }
    await news.save({ ...post })
    this.changed()
    return newsView(post)
  }

  async removeNews(id: string): Promise<boolean> {
    const { news } = await this.collections()
    const removed = (await news.deleteOne({ _id: id })).deleted > 0
    this.changed()
    return removed
  }
}
