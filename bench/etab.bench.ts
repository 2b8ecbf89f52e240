// Studio tablet benchmark (issue 5), in Debian's Chromium against the real server and a
// production build: the time from a tap on /ETAB to the mark showing (median of 100 taps, also
// under 4× CPU throttling), the time of one strict-durability IndexedDB write (what every edit
// takes to be queued; the mark shows once it is, docs/0020-tap-shows-when-written.md), and
// the time to sync 1,000 edits queued offline once the tablet is back online. Prints figures
// only; nothing here asserts on time.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, CDPSession, Page } from 'playwright-core'
import { launch, login } from '../e2e/support/browser'
import { serveBuild } from './support/served-build'
import { loadNow, recordFigure } from './support/summary'

const TAPS = 100
/**
 * Between timed taps: an editor taps a few names a second at most, so each tap's write and the
 * screen's re-reading of the day have ended before the next (as on the tablet).
 */
const TAP_GAP_MS = 150
/** Chromium's CPU throttling for the slow-tablet figure (DevTools' "4× slowdown"). */
const THROTTLE = 4
const QUEUED = 1_000
const IDB_WRITES = 200
/**
 * `queued`: only the sync of the edits queued offline (the taps and writes are skipped); `taps`:
 * only the taps and the writes (the queued sync is skipped).
 */
const ONLY = process.env.ETAB_ONLY
/**
 * Where to write the page's CPU profile (Chromium's, through CDP), if set: of the throttled taps
 * with `ETAB_ONLY=taps`, else of the queued sync.
 */
const PROFILE = process.env.BENCH_PROFILE

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? NaN
}
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN
}

/**
 * Taps the rows of /ETAB in turn, `gap` ms apart (0: as fast as the page takes them); answers
 * each tap's time from click to the new mark shown.
 */
function tapRows(page: Page, taps: number, gap = TAP_GAP_MS): Promise<number[]> {
  return page.evaluate(
    async ([count, gap]) => {
      const rows = [...document.querySelectorAll<HTMLLIElement>('li.etab-row')]
      const times: number[] = []
      for (let i = 0; i < count; i++) {
        const row = rows[i % rows.length]
        const button = row?.querySelector<HTMLButtonElement>('button.etab-person')
        if (!row || !button) throw new Error('no participant rows on /ETAB')
        const before = row.dataset.mark
        const shown = new Promise<void>((resolve) => {
          const observer = new MutationObserver(() => {
            if (row.dataset.mark !== before) {
              observer.disconnect()
              resolve()
            }
          })
          observer.observe(row, { attributes: true, attributeFilter: ['data-mark'] })
        })
        const started = performance.now()
        button.click()
        await shown
        times.push(performance.now() - started)
        await new Promise((resolve) => setTimeout(resolve, gap))
      }
      return times
    },
    [taps, gap] as const,
  )
}

/** One small record per transaction, strict durability: the cost of putting one edit on disk. */
function idbWrites(page: Page, writes: number): Promise<number[]> {
  return page.evaluate(async (count) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('bench-idb', 1)
      open.onupgradeneeded = () => open.result.createObjectStore('outbox', { autoIncrement: true })
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const times: number[] = []
    for (let i = 0; i < count; i++) {
      const started = performance.now()
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('outbox', 'readwrite', { durability: 'strict' })
        tx.objectStore('outbox').add({ recordId: `day:${i}`, fields: { mark: 'present' } })
        tx.oncomplete = () => resolve()
        tx.onerror = () => reject(tx.error)
      })
      times.push(performance.now() - started)
    }
    db.close()
    return times
  }, writes)
}

async function pendingCount(page: Page): Promise<number> {
  const text = await page.locator('[data-testid="pending-count"]').innerText()
  return Number(text.replace(/\D/g, ''))
}

async function startProfile(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
}

async function stopProfile(cdp: CDPSession, file: string): Promise<void> {
  writeFileSync(file, JSON.stringify((await cdp.send('Profiler.stop')).profile))
}

/** Everything synced, then 1,000 edits made offline and timed from reconnecting until synced. */
async function syncQueued(page: Page, context: BrowserContext, cdp: CDPSession) {
  await page.waitForFunction(
    () => document.querySelector('[data-testid="pending-count"]')?.textContent?.trim() === '⟳ 0',
    undefined,
    { timeout: 60_000 },
  )
  await context.setOffline(true)
  await tapRows(page, QUEUED, 0)
  // Each tap is on disk when it shows: all of them are queued before reconnecting.
  await page.waitForFunction(
    (count) =>
      document.querySelector('[data-testid="pending-count"]')?.textContent?.trim() === `⟳ ${count}`,
    QUEUED,
    { timeout: 120_000 },
  )
  const queued = await pendingCount(page)
  if (PROFILE) await startProfile(cdp)
  const started = performance.now()
  // Each API call's start and time from reconnecting: the push's answer is the server's part
  // of the figure, the rest is the tablet's (reading the queue, settling, showing it).
  let pushMs = 0
  page.on('requestfinished', (request) => {
    if (!request.url().includes('/api/')) return
    const { startTime, responseEnd } = request.timing()
    if (request.url().endsWith('/upsertBatch')) pushMs += responseEnd
    if (!process.env.BENCH_VERBOSE) return
    console.log(
      `    ${new URL(request.url()).pathname.padEnd(36)} ` +
        `${(startTime - performance.timeOrigin - started).toFixed(0).padStart(6)} ms ` +
        `+ ${responseEnd.toFixed(0)} ms`,
    )
  })
  await context.setOffline(false)
  await page.waitForFunction(
    () => document.querySelector('[data-testid="pending-count"]')?.textContent?.trim() === '⟳ 0',
    undefined,
    { timeout: 300_000, polling: 'raf' },
  )
  const syncMs = performance.now() - started
  if (PROFILE) await stopProfile(cdp, PROFILE)
  return { syncMs, queued, pushMs }
}

async function main() {
  const workDir = mkdtempSync(join(tmpdir(), 'lfit-bench-etab-'))
  const server = await serveBuild(workDir, 'bench')
  const browser = await launch()
  try {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
    })
    const page = await context.newPage()
    await login(page, 'presenceEditor')
    await page.goto('/ETAB')
    await page.locator('li.etab-row').first().waitFor()
    await page.locator('[data-testid="pending-count"]').waitFor()

    const cdp = await context.newCDPSession(page)
    const tapsToo = ONLY !== 'queued'
    const taps = tapsToo ? await tapRows(page, TAPS) : []
    if (tapsToo) await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE })
    const profileTaps = PROFILE !== undefined && ONLY === 'taps'
    if (profileTaps) await startProfile(cdp)
    const slowTaps = tapsToo ? await tapRows(page, TAPS) : []
    if (profileTaps) await stopProfile(cdp, PROFILE)
    if (tapsToo) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    const tapLoad = loadNow()
    const writes = tapsToo ? await idbWrites(page, IDB_WRITES) : []
    const syncToo = ONLY !== 'taps'

    const synced = syncToo ? await syncQueued(page, context, cdp) : undefined
    const row = (label: string, value: string) => console.log(`  ${label.padEnd(48)} ${value}`)
    console.log('studio tablet (/ETAB) in Chromium, production build, embedded store')
    if (tapsToo) {
      row(
        `tap to mark shown (${TAPS} taps)`,
        `median ${median(taps).toFixed(1)} ms, p95 ${percentile(taps, 95).toFixed(1)} ms`,
      )
      const slowP95 = percentile(slowTaps, 95)
      row(
        `tap to mark shown, ${THROTTLE}× CPU throttling`,
        `median ${median(slowTaps).toFixed(1)} ms, p95 ${slowP95.toFixed(1)} ms` +
          `  goal p95 ≤ 16 ms  load ${tapLoad}`,
      )
      recordFigure({
        figure: 'tap on /ETAB, 4× CPU throttling',
        value: `p95 ${slowP95.toFixed(1)} ms, median ${median(slowTaps).toFixed(1)} ms`,
        ratio: `unthrottled p95 ${percentile(taps, 95).toFixed(1)} ms`,
        goal: 'p95 ≤ 16 ms',
        met: slowP95 <= 16,
        load: tapLoad,
      })
      row(
        `IndexedDB strict write of one edit (${IDB_WRITES})`,
        `median ${median(writes).toFixed(2)} ms, p95 ${percentile(writes, 95).toFixed(2)} ms`,
      )
    }
    if (synced) {
      row(
        `sync of ${synced.queued} edits queued offline`,
        `${(synced.syncMs / 1000).toFixed(2)} s after reconnecting (push answer ` +
          `${synced.pushMs.toFixed(0)} ms of it)  goal <= 0.3 s  ` +
          `load average ${loadavg()
            .map((v) => v.toFixed(2))
            .join(' ')}`,
      )
      recordFigure({
        figure: 'sync of 1,000 queued edits after reconnecting',
        value: `${(synced.syncMs / 1000).toFixed(2)} s for ${synced.queued} edits`,
        ratio: `the server's push answer ${synced.pushMs.toFixed(0)} ms of it`,
        goal: '≤ 0.3 s',
        met: synced.syncMs <= 300,
      })
    }
    row(
      'load average (1, 5, 15 min)',
      loadavg()
        .map((v) => v.toFixed(2))
        .join(' '),
    )
    await context.close()
  } finally {
    await browser.close()
    await server.stop()
    rmSync(workDir, { recursive: true, force: true })
  }
}

await main()
