// The public pages and news as data, over HTTP on both stores
// (docs/0050-public-pages-and-news-are-data.md): a database starts with the product's page files
// as each page's first version; a page editor publishes a new version, sanitised, which every
// visitor reads at once (API and payload); earlier versions are kept and shown again; the news
// lists published posts only; anyone else is refused, and bad input changes nothing.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_PAGE_HTML } from '@lfit/domain/pages/page'
import {
  ROLE_USERS,
  STORE_KINDS,
  openTestStore,
  seedUsers,
  snapshot,
  startServer,
  type Browser,
  type OpenedStore,
  type TestServer,
} from './harness'
import { send } from './file-transfer'

interface Page {
  slug: string
  title: { sl: string; en: string }
  description: { sl: string; en: string }
  html: { sl: string; en: string }
  version: number
}

const DRAFT = {
  title: { sl: 'Šolnina 2027', en: 'Fees 2027' },
  description: { sl: 'Cene in obroki.', en: 'Prices and instalments.' },
  html: {
    sl: '<h2>Cena</h2><p>Letnik stane 1.850 €.</p><script>alert(1)</script><p><a href="/kontakt">Pišite nam</a></p>',
    en: '<h2>Price</h2><p onclick="steal()">A year costs €1,850.</p><p><a href="javascript:alert(1)">x</a></p>',
  },
}

const get = async (browser: Browser, path: string) => send(browser, 'GET', path)

describe.each(STORE_KINDS)('public pages on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer
  let webDir: string
  let visitor: Browser
  let editor: Browser

  beforeAll(async () => {
    db = await openTestStore(kind)
    await seedUsers(db.store, ROLE_USERS)
    webDir = mkdtempSync(join(tmpdir(), 'lfit-pages-web-'))
    server = await startServer({ store: db.store, webDir })
    visitor = server.browser()
    editor = await server.as('pageEditor')
  })
  afterAll(async () => {
    await server.close()
    await db.close()
    rmSync(webDir, { recursive: true, force: true })
  })

  it("starts every page from the product's files, for anyone to read", async () => {
    const index = await get(visitor, '/api/pages')
    expect(index.status).toBe(200)
    const pages = (index.body as { pages: Page[] }).pages
    expect(pages.map((page) => page.slug)).toEqual(
      expect.arrayContaining(['home', 'solnina', 'kontakt', 'novice']),
    )
    const fees = await get(visitor, '/api/pages/solnina')
    expect(fees.status).toBe(200)
    const page = (fees.body as { page: Page }).page
    expect(page.version).toBe(1)
    expect(page.title).toEqual({ sl: 'Šolnina', en: 'Fees' })
    // The file's first heading is the title, shown from its own field: not repeated in the text.
    expect(page.html.sl).not.toMatch(/^<h[12]>Šolnina/)
    expect(page.html.en.length).toBeGreaterThan(50)
  })

  it.each([
    ['a visitor', null, 401],
    ['a participant', 'participant', 403],
    ['a registration editor', 'regEditor', 403],
  ] as const)('%s may not change a page, and nothing changes', async (_who, role, status) => {
    const before = await snapshot(db.store, 'pages')
    const browser = role ? await server.as(role) : server.browser()
    const answer = await browser.post('/api/pages/solnina', DRAFT)
    expect(answer.status).toBe(status)
    expect(await snapshot(db.store, 'pages')).toEqual(before)
  })

  it.each([
    ['no English title', { ...DRAFT, title: { sl: 'Šolnina', en: ' ' } }, 'To polje je obvezno'],
    [
      'a text too long',
      { ...DRAFT, html: { sl: 'x'.repeat(MAX_PAGE_HTML + 1), en: '<p>ok</p>' } },
      'Največ',
    ],
    ['an unknown field', { ...DRAFT, css: 'body{}' }, ''],
    ['no body at all', 'not an object', ''],
  ])('refuses %s with a bilingual 400, and nothing changes', async (_case, body, sl) => {
    const before = await snapshot(db.store, 'pages')
    const answer = await editor.post('/api/pages/solnina', body)
    expect(answer.status).toBe(400)
    const { error } = answer.body as {
      error: {
        message: { sl: string; en: string }
        fields?: Record<string, { sl: string; en: string }>
      }
    }
    expect(error.message.en.length).toBeGreaterThan(0)
    // The form shows the field's own message beside it, in both languages.
    const fields = Object.values(error.fields ?? {})
    if (sl) expect(fields.map((field) => field.sl).join(' ')).toContain(sl)
    for (const field of fields) expect(field.en.length).toBeGreaterThan(0)
    expect(await snapshot(db.store, 'pages')).toEqual(before)
  })

  it.each(['no-such-page', '__proto__', 'constructor', 'UPPER'])(
    'answers a page that is not one of the product (%s) with 404',
    async (slug) => {
      expect((await get(visitor, `/api/pages/${slug}`)).status).toBe(404)
      expect((await editor.post(`/api/pages/${slug}`, DRAFT)).status).toBe(404)
    },
  )

  it('publishes a sanitised new version that visitors read at once, and restores the first', async () => {
    const saved = await editor.post('/api/pages/solnina', DRAFT)
    expect(saved.status).toBe(200)
    const page = (saved.body as { page: Page }).page
    expect(page.version).toBe(2)
    expect(page.html.sl).toContain('Letnik stane 1.850 €.')
    expect(page.html.sl).toContain('<a href="/kontakt">Pišite nam</a>')
    expect(page.html.sl).not.toContain('script')
    expect(page.html.en).not.toContain('onclick')
    expect(page.html.en).not.toContain('javascript:')

    // The visitor's page reads it without a rebuild: the payload the app and service worker use.
    const payload = await fetch(`${server.url}/solnina/_payload.json`)
    expect(payload.status).toBe(200)
    const shown = (await payload.json()) as { page: Page }
    expect(shown.page.title).toEqual(DRAFT.title)
    expect(shown.page.html.sl).toContain('Letnik stane 1.850 €.')

    const versions = await get(editor, '/api/pages/solnina/versions')
    const list = (versions.body as { versions: { version: number; by: string | null }[] }).versions
    expect(list.map((version) => version.version)).toEqual([2, 1])
    expect(list[0]?.by).toBe('pageeditor@test.lfit')
    expect(list[1]?.by).toBeNull()
    expect((await get(visitor, '/api/pages/solnina/versions')).status).toBe(401)

    const restored = await editor.post('/api/pages/solnina/versions/1/restore')
    expect(restored.status).toBe(200)
    expect((restored.body as { page: Page }).page).toMatchObject({
      version: 3,
      title: { sl: 'Šolnina', en: 'Fees' },
    })
    const again = (await (await fetch(`${server.url}/solnina/_payload.json`)).json()) as {
      page: Page
    }
    expect(again.page.html.sl).not.toContain('1.850')
    expect((await editor.post('/api/pages/solnina/versions/99/restore')).status).toBe(404)
  })

  it('lists published news on the news page, newest first, never a draft', async () => {
    const post = (date: string, sl: string, published: boolean) => ({
      date,
      title: { sl, en: `${sl} (en)` },
      html: { sl: `<p>${sl}</p>`, en: `<p>${sl} en</p>` },
      published,
    })
    const older = await editor.post('/api/news', post('2026-10-01', 'Jesenski blok', true))
    const newer = await editor.post('/api/news', post('2026-11-20', 'Nov letnik', true))
    const draft = await editor.post('/api/news', post('2026-11-25', 'Osnutek', false))
    expect([older.status, newer.status, draft.status]).toEqual([201, 201, 201])

    const news = (await (await fetch(`${server.url}/novice/_payload.json`)).json()) as {
      news: { title: { sl: string } }[]
    }
    expect(news.news.map((item) => item.title.sl)).toEqual(['Nov letnik', 'Jesenski blok'])
    const all = await get(editor, '/api/news/all')
    expect((all.body as { posts: unknown[] }).posts).toHaveLength(3)
    expect((await get(visitor, '/api/news/all')).status).toBe(401)

    const id = (newer.body as { post: { id: string } }).post.id
    const participant = await server.as('participant')
    expect((await send(participant, 'DELETE', `/api/news/${id}`)).status).toBe(403)
    expect((await send(editor, 'DELETE', `/api/news/${id}`)).status).toBe(200)
    const left = await get(visitor, '/api/news')
    expect((left.body as { posts: { id: string }[] }).posts.map((item) => item.id)).not.toContain(
      id,
    )
    expect((await editor.post('/api/news', { ...post('2026-13-40', 'x', true) })).status).toBe(400)
  })
})
