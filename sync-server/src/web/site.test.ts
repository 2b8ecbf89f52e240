import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { schedule } from '@lfit/domain/schedule'
import { cacheControlFor, createSiteApp } from './site'

const FILES: Record<string, string> = {
  'index.html': '<!doctype html><title>LFIT</title>',
  'sw.js': 'self.skipWaiting',
  'registerSW.js': '',
  'manifest.webmanifest': '{}',
  'assets/index-3f9a1c.js': 'console.log(1)',
  'icons/icon-192.png': 'png',
  'builds/latest.json': '{"id":"b1","timestamp":1}',
  'builds/meta/b1.json': '{"id":"b1","routes":[]}',
  'builds/content-pages.json': '["cenik","home","koncept"]',
}

let webDir: string
beforeAll(() => {
  webDir = mkdtempSync(join(tmpdir(), 'lfit-web-'))
  for (const [path, content] of Object.entries(FILES)) {
    mkdirSync(dirname(join(webDir, path)), { recursive: true })
    writeFileSync(join(webDir, path), content)
  }
})
afterAll(() => rmSync(webDir, { recursive: true, force: true }))

describe('cache policy', () => {
  it.each([
    ['/assets/index-3f9a1c.js', 'public, max-age=31536000, immutable'],
    ['/index.html', 'no-cache'],
    ['/', 'no-cache'],
    ['/sw.js', 'no-cache'],
    ['/registerSW.js', 'no-cache'],
    ['/manifest.webmanifest', 'no-cache'],
    ['/manifest.sl.webmanifest', 'no-cache'],
    ['/builds/latest.json', 'no-cache'],
    ['/icons/icon-192.png', 'public, max-age=3600'],
  ])('%s: %s', (path, policy) => expect(cacheControlFor(path)).toBe(policy))
})

describe('site app over the built web dir', () => {
  const get = (path: string, headers?: Record<string, string>) =>
    createSiteApp({ webDir }).request(path, { headers })

  it('sends the app JavaScript gzipped to a browser that accepts it', async () => {
    const script = `export const app = ${JSON.stringify('x'.repeat(4_000))}\n`
    writeFileSync(join(webDir, 'assets/big-9f8e7d.js'), script)
    const zipped = await get('/assets/big-9f8e7d.js', { 'Accept-Encoding': 'gzip, br' })
    expect(zipped.status).toBe(200)
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(zipped.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const bytes = Buffer.from(await zipped.arrayBuffer())
    expect(bytes.length).toBeLessThan(script.length / 10)
    expect(gunzipSync(bytes).toString('utf8')).toBe(script)
    const plain = await get('/assets/big-9f8e7d.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(script)
  })

  // The build writes `.br` and `.gz` beside each text file (web/build/precompressed.ts,
  // docs/0057): the copy the browser takes is sent as it is, with the file's type and policy.
  it.each([
    { accepts: 'gzip, deflate, br, zstd', sent: 'br', as: 'Chromium asks' },
    { accepts: 'gzip', sent: 'gzip', as: 'a browser without Brotli' },
    { accepts: undefined, sent: null, as: 'a client that takes no encoding' },
  ])('sends the build’s $sent copy when $as', async ({ accepts, sent }) => {
    const script = `export const screen = ${JSON.stringify('y'.repeat(5_000))}\n`
    writeFileSync(join(webDir, 'assets/screen-1a2b3c.js'), script)
    writeFileSync(join(webDir, 'assets/screen-1a2b3c.js.br'), brotliCompressSync(script))
    writeFileSync(join(webDir, 'assets/screen-1a2b3c.js.gz'), gzipSync(script, { level: 9 }))
    const answer = await get(
      '/assets/screen-1a2b3c.js',
      accepts ? { 'Accept-Encoding': accepts } : {},
    )
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-encoding')).toBe(sent)
    expect(answer.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const bytes = Buffer.from(await answer.arrayBuffer())
    expect(answer.headers.get('content-length')).toBe(String(bytes.length))
    const decoded =
      sent === 'br' ? brotliDecompressSync(bytes) : sent === 'gzip' ? gunzipSync(bytes) : bytes
    expect(decoded.toString('utf8')).toBe(script)
    if (sent) expect(answer.headers.get('vary')).toContain('Accept-Encoding')
  })

  it('serves the build records, never cached', async () => {
    const latest = await get('/builds/latest.json')
    expect(latest.status).toBe(200)
    expect(latest.headers.get('cache-control')).toBe('no-cache')
    expect(await latest.json()).toEqual({ id: 'b1', timestamp: 1 })
    expect((await get('/builds/meta/b1.json')).status).toBe(200)
    const missing = await get('/builds/meta/b2.json')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({ error: { code: 'notFound' } })
    expect((await get('/builds/meta/..%2Flatest.json')).status).toBe(404)
  })

  it('answers the timetable payload for /urnik in any case, revalidated by ETag', async () => {
    const payload = await get('/Urnik/_payload.json')
    expect(payload.status).toBe(200)
    const body = (await payload.json()) as { blocks: unknown[]; days: unknown[]; gaps: unknown[] }
    expect(body.blocks).toHaveLength(schedule().blocks.length)
    expect(body.days).toHaveLength(schedule().days.length)
    expect(body.gaps).toHaveLength(schedule().gaps.length)
    expect(body.blocks[0]).not.toHaveProperty('days')
    const etag = payload.headers.get('etag') as string
    expect((await get('/urnik/_payload.json', { 'If-None-Match': etag })).status).toBe(304)
    expect((await get('/urnikPrn/_payload.json')).status).toBe(200)
    expect((await get('/mojRacun/_payload.json')).status).toBe(404)
  })

  it('serves files with their cache policy', async () => {
    const asset = await get('/assets/index-3f9a1c.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await get('/sw.js')).headers.get('cache-control')).toBe('no-cache')
    expect((await get('/')).headers.get('cache-control')).toBe('no-cache')
    expect((await get('/icons/icon-192.png')).headers.get('cache-control')).toBe(
      'public, max-age=3600',
    )
    expect((await get('/assets/gone-000000.js')).status).toBe(404)
  })

  it('answers app routes and the build’s content pages with the shell, unknown pages with the shell and 404', async () => {
    const known = [
      '/',
      '/urnik',
      '/Urnik/',
      '/ETAB/',
      '/auth/login',
      '/koncept',
      '/cenik',
      '/Cenik/',
    ]
    for (const path of known) {
      const page = await get(path)
      expect(page.status, path).toBe(200)
      expect(page.headers.get('cache-control')).toBe('no-cache')
      expect(await page.text()).toContain('<title>LFIT</title>')
    }
    for (const path of ['/no-such-page', '/no/such/page', '/home', '/urnik/2025']) {
      const unknown = await get(path)
      expect(unknown.status, path).toBe(404)
      expect(unknown.headers.get('cache-control')).toBe('no-cache')
      expect(await unknown.text()).toContain('<title>LFIT</title>')
    }
    expect((await get('/assets/index-3f9a1c.js')).status).toBe(200)
  })

  it('knows a content page added by a later build without a restart', async () => {
    const site = createSiteApp({ webDir })
    expect((await site.request('/cennik')).status).toBe(404)
    const file = join(webDir, 'builds/content-pages.json')
    writeFileSync(file, '["cenik","cennik","home","koncept"]')
    utimesSync(file, new Date(), new Date(Date.now() + 5_000))
    expect((await site.request('/cennik')).status).toBe(200)
    writeFileSync(file, FILES['builds/content-pages.json'] as string)
  })

  it('without the list of content pages, only the routes of the table are pages', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'lfit-web-'))
    writeFileSync(join(bare, 'index.html'), '<!doctype html><title>LFIT</title>')
    const site = createSiteApp({ webDir: bare })
    expect((await site.request('/urnik')).status).toBe(200)
    expect((await site.request('/cenik')).status).toBe(404)
    rmSync(bare, { recursive: true, force: true })
  })

  it('leaves /api alone so the API answers there', async () => {
    const api = await get('/api/auth/user')
    expect(api.status).toBe(404)
    expect(await api.text()).not.toContain('<title>')
  })

  it('answers clearly when the web app is not built', async () => {
    const bare = createSiteApp({ webDir: join(webDir, 'missing') })
    expect((await bare.request('/builds/latest.json')).status).toBe(404)
    const shell = await bare.request('/urnik')
    expect(shell.status).toBe(503)
    expect(await shell.text()).toContain('npm run build')
    expect((await bare.request('/urnik/_payload.json')).status).toBe(200)
  })
})

// The studio tablet's files, fetched beside the entry when /ETAB is opened cold (docs/0057).
describe('the shell of a first screen', () => {
  const FIRST_SCREENS = {
    '/etab': {
      scripts: ['/assets/tablet-base-1a.js', '/assets/tablet-2b.js'],
      words: { en: ['/assets/en-3c.js', '/assets/en-4d.js'], sl: ['/assets/sl-5e.js'] },
    },
  }
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'lfit-web-'))
    mkdirSync(join(dir, 'builds'))
    writeFileSync(join(dir, 'index.html'), '<!doctype html><head><title>LFIT</title></head>')
    writeFileSync(join(dir, 'builds/first-screens.json'), JSON.stringify(FIRST_SCREENS))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const linked = async (path: string, headers?: Record<string, string>) => {
    const answer = await createSiteApp({ webDir: dir }).request(path, { headers })
    expect(answer.status, path).toBe(200)
    const html = await answer.text()
    return [
      ...html.matchAll(
        /<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g,
      ),
    ].map((match) => match[1])
  }

  it.each<{ path: string; headers: Record<string, string>; files: string[]; as: string }>([
    {
      path: '/ETAB',
      headers: {},
      files: ['tablet-base-1a', 'tablet-2b', 'en-3c', 'en-4d'],
      as: 'in English by default',
    },
    {
      path: '/etab/',
      headers: {},
      files: ['tablet-base-1a', 'tablet-2b', 'en-3c', 'en-4d'],
      as: 'in any case',
    },
    {
      path: '/ETAB',
      headers: { Cookie: 'lang=sl' },
      files: ['tablet-base-1a', 'tablet-2b', 'sl-5e'],
      as: 'in the cookie’s language',
    },
    {
      path: '/ETAB?lang=SI',
      headers: { Cookie: 'lang=en' },
      files: ['tablet-base-1a', 'tablet-2b', 'sl-5e'],
      as: 'in the address’s language',
    },
    { path: '/urnik', headers: {}, files: [], as: 'only for a first screen' },
  ])('$path links its files $as', async ({ path, headers, files }) => {
    expect(await linked(path, headers)).toEqual(files.map((file) => `/assets/${file}.js`))
  })

  it.each([
    [
      'another origin’s script',
      { '/etab': { scripts: ['https://elsewhere.test/x.js'], words: { en: [], sl: [] } } },
    ],
    [
      'a markup break-out',
      { '/etab': { scripts: ['/assets/a.js"><script>'], words: { en: [], sl: [] } } },
    ],
    ['no words', { '/etab': { scripts: ['/assets/a.js'] } }],
    ['not JSON', '{"/etab": ['],
  ])('a record with %s links nothing and the shell is served', async (_, record) => {
    const file = join(dir, 'builds/first-screens.json')
    writeFileSync(file, typeof record === 'string' ? record : JSON.stringify(record))
    // A later time: the record is read again, as after a new build.
    const later = new Date(Date.now() + 60_000)
    utimesSync(file, later, later)
    try {
      expect(await linked('/ETAB')).toEqual([])
    } finally {
      writeFileSync(file, JSON.stringify(FIRST_SCREENS))
      const after = new Date(Date.now() + 120_000)
      utimesSync(file, after, after)
    }
  })
})
