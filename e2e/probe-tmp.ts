import { readFileSync, existsSync, mkdtempSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { chromium } from 'playwright-core'
import { AppServer, freePort } from './support/server'
import { CHROMIUM, CHROMIUM_FLAGS } from './support/browser'
const webDir = process.argv[2]!
const work = mkdtempSync(join(tmpdir(), 's35-probe-'))
const server = new AppServer({ port: await freePort(), dataDir: join(work, 'data'), webDir, log: join(work, 'log') })
await server.start()
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS })
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  const seen: { url: string; type: string; t: number }[] = []
  const t0 = Date.now()
  page.on('request', (r) => seen.push({ url: r.url(), type: r.resourceType(), t: Date.now() - t0 }))
  context.on('request', (r) => { if (!r.frame) {} })
  await page.goto(server.url + (process.argv[3] ?? '/'))
  await page.waitForLoadState('networkidle')
  let total = 0
  for (const s of seen) {
    const path = new URL(s.url).pathname
    const f = join(webDir, path)
    const g = existsSync(f) && path.endsWith('.js') ? gzipSync(readFileSync(f), { level: 9 }).length : 0
    if (path.endsWith('.js')) total += g
    console.log(String(s.t).padStart(6), s.type.padEnd(10), (g/1000).toFixed(1).padStart(6), path)
  }
  console.log('js total', (total/1000).toFixed(1), 'files', seen.filter(s=>new URL(s.url).pathname.endsWith('.js')).length)
  await browser.close()
} finally { await server.stop() }
