// New studio tablet benchmark (issue 10), in Debian's Chromium against the real server and a
// production build: the server holds 30,000 attendance records (100 participants × 300 study
// days, pushed by the presence editor) besides the demo data; a fresh browser context logs in as
// the presence editor, and the clock runs from the login click until every synced record is in
// IndexedDB (and, on the way, until the first records are). Prints figures only; nothing here
// asserts on time.
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { schedule } from '@lfit/domain/schedule'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import {
  SYNC_PROTOCOL_VERSION,
  type Mutation,
  type PullResponse,
  type PushResponse,
} from '@lfit/domain/sync/protocol'
import { DEMO_PASSWORD, demoUser, launch } from '../e2e/support/browser'
import { serveNewBuild } from '../e2e/support/server'
import { login, type Api } from './support/api'

const PARTICIPANTS = 100
const DAYS = 300
const BATCH = 1_000
const RUNS = Number(process.env.BENCH_RUNS ?? 3)

/** 30,000 attendance records on the server, through upsertBatch as devices would make them. */
async function seed(api: Api): Promise<void> {
  const days = schedule()
    .days.filter((day) => !day.freeDay)
    .slice(0, DAYS)
  const all: Mutation[] = days.flatMap((day, d) =>
    Array.from({ length: PARTICIPANTS }, (_, p) => ({
      id: `bench-tablet-${d}-${p}`,
      collection: 'attendance' as const,
      recordId: `${day.id}:bench-p${p}@demo.test`,
      hlc: encodeHlc({ wall: day.to as number, counter: p, node: 'bench' }),
      deviceId: 'bench',
      fields: { mark: p % 9 === 0 ? 'absent' : 'present' },
    })),
  )
  for (let at = 0; at < all.length; at += BATCH) {
    const { results } = await api.call<PushResponse>('/api/db/attendance/upsertBatch', {
      v: SYNC_PROTOCOL_VERSION,
      batch: all.slice(at, at + BATCH),
    })
    const refused = results.find((result) => result.status !== 'applied')
    if (refused) throw new Error(`bench edit not applied: ${JSON.stringify(refused)}`)
  }
}

/** Every record a presence editor may read, counted by pulling as a device would. */
async function serverCount(api: Api): Promise<number> {
  let cursor: string | null = null
  let count = 0
  for (;;) {
    const answer: PullResponse = await api.call<PullResponse>('/api/db/attendance/pull', {
      v: SYNC_PROTOCOL_VERSION,
      cursor,
    })
    for (const records of Object.values(answer.changes)) count += records.length
    cursor = answer.cursor
    if (!answer.more) return count
  }
}

/**
 * Synced records in the app's IndexedDB, read beside the app: never creates the database (that
 * would get in the way of the app's own schema) and closes at once (not to block an upgrade).
 */
function countInPage(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((db) => db.name)
    if (!names.includes('lfit')) return 0
    return new Promise<number>((resolve) => {
      const open = indexedDB.open('lfit')
      open.onupgradeneeded = () => open.transaction?.abort()
      open.onerror = () => resolve(0)
      open.onsuccess = () => {
        const db = open.result
        const stores = ['attendance', 'absences'].filter((name) =>
          db.objectStoreNames.contains(name),
        )
        if (stores.length === 0) {
          db.close()
          resolve(0)
          return
        }
        const tx = db.transaction(stores, 'readonly')
        const counts = stores.map((name) => tx.objectStore(name).count())
        tx.oncomplete = () => {
          db.close()
          resolve(counts.reduce((sum, request) => sum + (request.result as number), 0))
        }
        tx.onerror = () => {
          db.close()
          resolve(0)
        }
      }
    })
  })
}

interface Run {
  loggedInMs: number
  firstMs: number
  allMs: number
}

async function newTablet(page: Page, total: number): Promise<Run> {
  await page.goto('/auth/login')
  await page.locator('input[name="username"]').fill(demoUser('presenceEditor'))
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD)
  const started = performance.now()
  await page.locator('form button[type="submit"]').click()
  let loggedInMs = NaN
  void page
    .locator('.user-menu-button')
    .waitFor()
    .then(() => (loggedInMs = performance.now() - started))
  let firstMs = NaN
  const deadline = started + 300_000
  for (;;) {
    const count = await countInPage(page).catch(() => 0)
    const at = performance.now() - started
    if (count > 0 && Number.isNaN(firstMs)) firstMs = at
    if (count >= total) return { loggedInMs, firstMs, allMs: at }
    if (performance.now() > deadline) throw new Error(`only ${count} of ${total} records arrived`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')

async function main() {
  const workDir = mkdtempSync(join(tmpdir(), 'lfit-bench-tablet-'))
  const server = await serveNewBuild(workDir, 'bench')
  const browser = await launch()
  try {
    const api = await login(server.url, demoUser('presenceEditor'), DEMO_PASSWORD)
    await seed(api)
    const total = await serverCount(api)
    console.log(`new studio tablet in Chromium, production build, embedded store, ${total} records`)
    const row = (label: string, value: string) => console.log(`  ${label.padEnd(40)} ${value}`)
    for (let run = 1; run <= RUNS; run++) {
      // A fresh context each run: no IndexedDB, no service worker, no session.
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 1280, height: 800 },
      })
      const page = await context.newPage()
      const { loggedInMs, firstMs, allMs } = await newTablet(page, total)
      row(
        `run ${run}: login until all in IndexedDB`,
        `${(allMs / 1000).toFixed(2)} s (first records ${(firstMs / 1000).toFixed(2)} s, ` +
          `logged in ${(loggedInMs / 1000).toFixed(2)} s); load average ${load()}`,
      )
      await context.close()
    }
  } finally {
    await browser.close()
    await server.stop()
    rmSync(workDir, { recursive: true, force: true })
  }
}

await main()
