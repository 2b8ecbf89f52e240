// Issue 5's promises in the browser, against the real server: a presence editor works on /ETAB
// with no network, across a reload and a browser restart, and nothing is lost; two editors who
// disagree offline converge whatever order they sync in, and the loser is told; a server that
// dies mid-sync neither loses nor doubles an edit; a participant sees only their own data and
// cannot write attendance. Tablet viewport, Debian's Chromium, no mocks, no sleeps.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Packr } from 'msgpackr'
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core'
import { yearFigures } from '@lfit/domain/attendance/figures'
import { standingOf } from '@lfit/domain/makeups/standing'
import { DEFAULT_THRESHOLDS } from '@lfit/domain/makeups/thresholds'
import type { AbsenceRecord } from '@lfit/domain/records/absence'
import type { AttendanceMark, AttendanceRecord } from '@lfit/domain/records/attendance'
import { localDayStr, schedule } from '@lfit/domain/schedule'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import {
  SYNC_PROTOCOL_VERSION,
  type Mutation,
  type PullResponse,
  type PushResult,
} from '@lfit/domain/sync/protocol'
import { openEmbeddedStore } from '../sync-server/src/store/embedded'
import { formatDay } from '../web/src/i18n/date-format'
import {
  CHROMIUM,
  CHROMIUM_FLAGS,
  baseURL,
  demoUser,
  goOffline,
  goOnline,
  guardConsole,
  launch,
  login,
  navigateInApp,
  newContext,
  waitForServiceWorker,
  type ConsoleGuard,
} from './support/browser'
import { startOwnServer } from './support/own-server'

const TABLET = { width: 1280, height: 800 }
/** How the English UI names a mark. */
const MARK_NAME: Record<AttendanceMark, string> = {
  present: 'Present',
  absent: 'Absent',
  late: 'Late',
  excused: 'Excused',
}
/** What Chromium logs for a request that cannot reach the server (offline or server down). */
/**
 * What Chromium logs for a request the network or the server cannot answer: offline, refused,
 * reset, or cut off mid-answer when the server is killed (the test kills it mid-sync).
 */
const UNREACHABLE =
  /Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|CONNECTION_(REFUSED|RESET)|INCOMPLETE_CHUNKED_ENCODING|EMPTY_RESPONSE)/
const MSGPACK = 'application/msgpack'
const packr = new Packr({ useRecords: false, mapsAsObjects: true })

let browser: Browser
const scratch: string[] = []
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true })
})

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  scratch.push(dir)
  return dir
}

/** A browser profile on disk, so IndexedDB and the service worker outlive closing the browser. */
function persistentContext(
  userDataDir: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
    baseURL: baseURL(),
    viewport: TABLET,
    ...options,
  })
}

async function firstPage(context: BrowserContext): Promise<Page> {
  return context.pages()[0] ?? (await context.newPage())
}

function guardOffline(context: BrowserContext): ConsoleGuard {
  const guard = guardConsole(context)
  guard.allow(UNREACHABLE)
  return guard
}

// ---- the server, read and written through its real API --------------------------------------

async function dbCall<T>(
  context: BrowserContext,
  path: string,
  body: unknown,
  base = baseURL(),
): Promise<{ status: number; body: T }> {
  const response = await context.request.post(`${base}/api/db/${path}`, {
    headers: { 'content-type': MSGPACK, accept: MSGPACK },
    data: Buffer.from(packr.pack(body)),
  })
  const bytes = await response.body()
  return {
    status: response.status(),
    body: (bytes.length ? packr.unpack(bytes) : undefined) as T,
  }
}

interface ServerState {
  attendance: Map<string, AttendanceRecord>
  absences: Map<string, AbsenceRecord>
}

/** Everything the signed-in user of `context` may read, by a full pull from the server. */
async function serverState(context: BrowserContext, base = baseURL()): Promise<ServerState> {
  const state: ServerState = { attendance: new Map(), absences: new Map() }
  let cursor: string | null = null
  for (;;) {
    const { status, body }: { status: number; body: PullResponse } = await dbCall<PullResponse>(
      context,
      'attendance/pull',
      { v: SYNC_PROTOCOL_VERSION, cursor },
      base,
    )
    expect(status).toBe(200)
    for (const record of body.changes.attendance) state.attendance.set(record._id, record)
    for (const record of body.changes.absences) state.absences.set(record._id, record)
    if (!body.more) return state
    cursor = body.cursor
  }
}

// ---- the device ------------------------------------------------------------------------------

/** The outbox as stored in the device's IndexedDB (read with the browser's own API). */
function outboxOf(page: Page): Promise<Mutation[]> {
  return page.evaluate(
    () =>
      new Promise<Mutation[]>((resolve, reject) => {
        const request = indexedDB.open('lfit')
        request.onerror = () => reject(request.error)
        request.onsuccess = () => {
          const db = request.result
          const all = db.transaction('outbox').objectStore('outbox').getAll()
          all.onerror = () => reject(all.error)
          all.onsuccess = () => {
            db.close()
            resolve((all.result as { mutation: Mutation }[]).map((entry) => entry.mutation))
          }
        }
      }),
  )
}

/**
 * Every record of a collection in the device's IndexedDB; attendance is kept one row per study
 * day holding that day's records (docs/0019-attendance-grouped-per-day-on-the-device.md).
 */
function localRecords<T>(page: Page, collection: 'attendance' | 'absences'): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const request = indexedDB.open('lfit')
        request.onerror = () => reject(request.error)
        request.onsuccess = () => {
          const db = request.result
          const table = name === 'attendance' ? 'attendanceDays' : name
          const all = db.transaction(table).objectStore(table).getAll()
          all.onerror = () => reject(all.error)
          all.onsuccess = () => {
            db.close()
            const rows = all.result as unknown[]
            resolve(
              (name === 'attendance'
                ? rows.flatMap((row) => (row as { records: unknown[] }).records)
                : rows) as T[],
            )
          }
        }
      }),
    collection,
  )
}

const pending = (page: Page, count: number) =>
  page.locator(`details.sync-status[data-pending="${count}"]`).waitFor({ timeout: 60_000 })

/** Opens the sync panel and presses "Sync now" (the panel stays open). */
async function syncNow(page: Page): Promise<void> {
  const panel = page.locator('details.sync-status')
  if ((await panel.getAttribute('open')) === null) await panel.locator('summary').click()
  await panel.locator('.sync-panel > button').click()
}

/**
 * Waits until the service worker controls the page; fails clearly instead of hanging when the
 * served build registers none (a development build does not).
 */
async function controlledByServiceWorker(page: Page): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            'no service worker took control of the page within 30 s: is the served build a production build?',
          ),
        ),
      30_000,
    )
  })
  try {
    await Promise.race([waitForServiceWorker(page), deadline])
  } finally {
    clearTimeout(timer)
  }
}

async function openEtab(page: Page): Promise<void> {
  await page.goto('/ETAB')
  await page.locator('li.etab-row').first().waitFor()
}

const etabDay = async (page: Page) =>
  (await page.locator('section.etab').getAttribute('data-day')) as string

const etabRow = (page: Page, username: string) =>
  page.locator(`li.etab-row[data-participant="${username}"]`)

async function etabParticipants(page: Page): Promise<string[]> {
  const rows = await page
    .locator('li.etab-row')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-participant') as string))
  return rows
}

async function markOf(page: Page, username: string): Promise<AttendanceMark | null> {
  const mark = await etabRow(page, username).getAttribute('data-mark')
  return mark === 'none' ? null : (mark as AttendanceMark)
}

/**
 * Gives `username` the mark `target` on the day shown, the way an editor does: a tap on the name
 * toggles present and absent (from no mark, late or excused it gives present), "Late" and
 * "Excused" have their own buttons. Returns how many edits it took; waits until each one shows.
 */
async function setMark(page: Page, username: string, target: AttendanceMark): Promise<number> {
  const row = etabRow(page, username)
  let edits = 0
  for (let current = await markOf(page, username); current !== target;) {
    const next: AttendanceMark =
      target === 'late' || target === 'excused'
        ? target
        : current === 'present'
          ? 'absent'
          : 'present'
    const button =
      target === 'late'
        ? row.locator('.etab-actions button').nth(0)
        : target === 'excused'
          ? row.locator('.etab-actions button').nth(1)
          : row.locator('button.etab-person')
    await button.click()
    edits += 1
    await page.locator(`li.etab-row[data-participant="${username}"][data-mark="${next}"]`).waitFor()
    current = next
  }
  return edits
}

/** A mark different from `current` (and from `not`), reached in one edit where possible. */
function otherMark(current: AttendanceMark | null, not?: AttendanceMark): AttendanceMark {
  const oneEdit: AttendanceMark[] =
    current === 'present' ? ['absent', 'late', 'excused'] : ['present', 'late', 'excused']
  const choice = [...oneEdit, 'present', 'absent', 'late', 'excused'].find(
    (mark) => mark !== current && mark !== not,
  )
  return choice as AttendanceMark
}

async function previousDay(page: Page): Promise<void> {
  const before = await etabDay(page)
  await page.getByRole('button', { name: 'Previous training day' }).click()
  await page.locator(`section.etab:not([data-day="${before}"])`).waitFor()
  await page.locator('li.etab-row').first().waitFor()
}

interface Expected {
  dayId: string
  participant: string
  mark: AttendanceMark
}

/** Marks every participant on the day shown, then on earlier days, until `count` edits. */
async function markMany(page: Page, count: number): Promise<Expected[]> {
  const made: Expected[] = []
  for (;;) {
    const dayId = await etabDay(page)
    for (const participant of await etabParticipants(page)) {
      if (made.length === count) return made
      const mark = otherMark(await markOf(page, participant))
      expect(await setMark(page, participant, mark)).toBe(1)
      made.push({ dayId, participant, mark })
    }
    if (made.length === count) return made
    await previousDay(page)
  }
}

interface AbsenceInput {
  participant: string
  fromDay: string
  toDay: string
  reason: string
}

/** Fills and saves the "new absence" form of /odsotnost; returns the new absence's id. */
async function addAbsence(page: Page, absence: AbsenceInput): Promise<string> {
  const form = page.locator('form.absence-form').first()
  await form.locator('select[name="participant"]').selectOption(absence.participant)
  await form.locator('input[name="fromDay"]').fill(absence.fromDay)
  await form.locator('input[name="toDay"]').fill(absence.toDay)
  await form.locator('input[name="reason"]').fill(absence.reason)
  await form.locator('button[type="submit"]').click()
  const item = page.locator('li[data-testid="absence"]', { hasText: absence.reason })
  await item.waitFor()
  return (await item.getAttribute('data-absence-id')) as string
}

/** On /prisotnost, picks the block of `dayId` in the year, segment and block selects. */
async function showBlockOf(page: Page, dayId: string): Promise<void> {
  const day = schedule().dayById.get(dayId)
  if (!day) throw new Error(`unknown day ${dayId}`)
  await page.locator('select[name="year"]').selectOption(String(day.year))
  await page.locator('select[name="segment"]').selectOption(String(day.segment))
  await page.locator('select[name="block"]').selectOption(day.block_id)
  await page.locator(`.attendance-grid button[data-day="${dayId}"]`).first().waitFor()
}

const attendanceId = (dayId: string, participant: string) => `${dayId}:${participant}`

// ---- the cases ---------------------------------------------------------------------------------

describe('offline attendance on the studio tablet', () => {
  it('keeps 30 attendance edits and 2 absences made offline across a reload and a browser restart, then syncs them', async () => {
    const profile = tempDir('lfit-etab-profile-')
    const run = Date.now().toString(36)

    // Online once: log in, open /ETAB, let the service worker take over and the day fill in.
    let device = await persistentContext(profile)
    let guard = guardOffline(device)
    let page = await firstPage(device)
    await login(page, 'presenceEditor')
    await openEtab(page)
    await controlledByServiceWorker(page)
    await pending(page, 0)
    const [firstAway, secondAway] = await etabParticipants(page)
    expect(secondAway).toBeDefined()

    // Offline: the page still opens after a reload.
    await goOffline(device)
    await page.reload()
    await page.locator('.connection-status[data-online="false"]').waitFor()
    await page.locator('li.etab-row').first().waitFor()

    const marks = await markMany(page, 30)
    expect(new Set(marks.map((m) => attendanceId(m.dayId, m.participant))).size).toBe(30)
    await pending(page, 30)
    // Every marked row of the day still shown waits to sync.
    const shownDay = await etabDay(page)
    for (const m of marks.filter((x) => x.dayId === shownDay)) {
      await page
        .locator(
          `li.etab-row[data-participant="${m.participant}"][data-mark="${m.mark}"][data-pending="1"]`,
        )
        .waitFor()
    }

    // Absences, reached offline by navigating inside the app.
    await navigateInApp(page, '/odsotnost')
    await page.locator('form.absence-form').first().waitFor()
    const absences: (AbsenceInput & { id: string })[] = []
    for (const [index, participant] of [firstAway, secondAway].entries()) {
      const input = {
        participant: participant as string,
        fromDay: `2027-01-1${index + 1}`,
        toDay: `2027-01-1${index + 2}`,
        reason: `e2e offline ${run} #${index + 1}`,
      }
      absences.push({ ...input, id: await addAbsence(page, input) })
    }
    await pending(page, 32)
    guard.check()

    // The browser is closed and started again, still without network: the 32 edits wait.
    await device.close()
    device = await persistentContext(profile, { offline: true })
    guard = guardOffline(device)
    page = await firstPage(device)
    await page.goto('/odsotnost')
    await page.locator('.connection-status[data-online="false"]').waitFor()
    await pending(page, 32)
    for (const absence of absences) {
      await page.locator(`li[data-absence-id="${absence.id}"][data-pending="1"]`).waitFor()
    }
    await navigateInApp(page, '/ETAB')
    await page.locator('li.etab-row').first().waitFor()
    expect(await outboxOf(page)).toHaveLength(32)

    // Back online, they sync by themselves.
    await goOnline(device)
    await pending(page, 0)
    await page.locator('details.sync-status[data-notices="0"]').waitFor()
    guard.check()
    await device.close()

    // A second device, the admin's, sees every edit on /prisotnost and the absences.
    const admin = await newContext(browser, { viewport: TABLET })
    const adminGuard = guardConsole(admin)
    const adminPage = await admin.newPage()
    await login(adminPage, 'admin')
    await adminPage.goto('/prisotnost')
    await adminPage.locator('select[name="block"]').waitFor()
    for (const dayId of new Set(marks.map((m) => m.dayId))) {
      await showBlockOf(adminPage, dayId)
      for (const m of marks.filter((x) => x.dayId === dayId)) {
        await adminPage
          .locator(
            `.attendance-grid button[data-participant="${m.participant}"][data-day="${dayId}"][data-mark="${m.mark}"]`,
          )
          .waitFor()
      }
    }
    await navigateInApp(adminPage, '/odsotnost')
    for (const absence of absences) {
      await adminPage
        .locator(`li[data-absence-id="${absence.id}"][data-participant="${absence.participant}"]`, {
          hasText: absence.reason,
        })
        .waitFor()
    }
    // And so does the server.
    const server = await serverState(admin)
    for (const m of marks) {
      expect(server.attendance.get(attendanceId(m.dayId, m.participant))?.mark).toBe(m.mark)
    }
    for (const { id, participant, fromDay, toDay, reason } of absences) {
      expect(server.absences.get(id)).toMatchObject({ participant, fromDay, toDay, reason })
    }
    adminGuard.check()
    await admin.close()
  }, 240_000)

  it('two editors who disagree offline converge in either sync order, and the loser sees it superseded', async () => {
    const editors: { context: BrowserContext; page: Page; guard: ConsoleGuard }[] = []
    for (const role of ['presenceEditor', 'admin']) {
      const context = await newContext(browser, { viewport: TABLET })
      const guard = guardOffline(context)
      const page = await context.newPage()
      await login(page, role)
      await openEtab(page)
      await controlledByServiceWorker(page)
      await pending(page, 0)
      editors.push({ context, page, guard })
    }
    const [a, b] = editors as [(typeof editors)[number], (typeof editors)[number]]
    const dayId = await etabDay(a.page)
    expect(await etabDay(b.page)).toBe(dayId)
    const participants = await etabParticipants(a.page)
    const observer = await newContext(browser)
    await login(await observer.newPage(), 'admin')

    // Each round: both offline mark one participant differently; `first` syncs first. The edit
    // made later wins (the merge rule), whatever the order the devices sync in.
    const rounds = [
      // The winner syncs first: the loser's push is answered "superseded".
      { participant: participants.at(-1) as string, loser: a, winner: b, first: b },
      { participant: participants.at(-2) as string, loser: b, winner: a, first: a },
      // The loser syncs first: its edit is applied, then overwritten by the later one.
      { participant: participants.at(-3) as string, loser: a, winner: b, first: a },
      { participant: participants.at(-4) as string, loser: b, winner: a, first: b },
    ]
    for (const { participant, loser, winner, first } of rounds) {
      const second = first === a ? b : a
      await Promise.all([goOffline(a.context), goOffline(b.context)])
      const before = await markOf(loser.page, participant)
      expect(await markOf(winner.page, participant)).toBe(before)
      const lost = otherMark(before)
      await setMark(loser.page, participant, lost)
      const won = otherMark(before, lost)
      await setMark(winner.page, participant, won)

      await goOnline(first.context)
      await pending(first.page, 0)
      await goOnline(second.context)
      await pending(second.page, 0)
      // The first one to sync pulls again to learn of the other's edit.
      await syncNow(first.page)
      for (const { page } of [a, b]) {
        await page
          .locator(`li.etab-row[data-participant="${participant}"][data-mark="${won}"]`)
          .waitFor()
      }
      const server = await serverState(observer)
      expect(server.attendance.get(attendanceId(dayId, participant))?.mark).toBe(won)

      // The loser is told in words: whose mark on which day, what it was, what replaced it, and
      // whose the later mark is; never the record's id or its fields.
      const id = attendanceId(dayId, participant)
      const panel = loser.page.locator('details.sync-status')
      if ((await panel.getAttribute('open')) === null) await panel.locator('summary').click()
      const notice = panel.locator(`li[data-notice="superseded"][data-record="${id}"]`)
      await notice.waitFor().catch((error: unknown) => {
        const order = first === loser ? 'the loser synced first' : 'the winner synced first'
        throw new Error(`the losing editor was not told that ${id} was superseded (${order})`, {
          cause: error,
        })
      })
      // The later editor is named (the demo users are "Demo {role}"), looked up while online.
      const winnerName = `Demo ${winner === a ? 'presenceEditor' : 'admin'}`
      const name =
        (await etabRow(loser.page, participant).locator('.etab-name').textContent()) ?? ''
      const day = formatDay('en', `${dayId.slice(5, 9)}-${dayId.slice(9, 11)}-${dayId.slice(11)}`)
      const told = `Your mark for ${name} on ${day} (${MARK_NAME[lost]}) was replaced by ${winnerName}'s later mark (${MARK_NAME[won]}).`
      await panel.locator(`li[data-record="${id}"]`, { hasText: told }).waitFor()
      expect(await notice.textContent()).not.toContain(id)
      expect(await notice.textContent()).not.toMatch(/lfit_|mark:|[{}"]/)
      // The same notice stands on the tab itself, where the editor is working.
      const onTab = loser.page.locator(`.etab li[data-notice="superseded"][data-record="${id}"]`)
      await onTab.filter({ hasText: told }).waitFor()
      await panel.locator('summary').click()
      // The winner has nothing to be told about this record.
      expect(await winner.page.locator(`li[data-notice][data-record="${id}"]`).count()).toBe(0)
    }
    for (const { context, guard } of editors) {
      guard.check()
      await context.close()
    }
    await observer.close()
  }, 240_000)

  it('loses no edit and applies none twice when the server dies mid-sync and comes back', async () => {
    const own = await startOwnServer('dies-mid-sync')
    const { server } = own
    try {
      const context = await newContext(browser, { baseURL: server.url, viewport: TABLET })
      const guard = guardOffline(context)
      const page = await context.newPage()
      await login(page, 'presenceEditor')
      await openEtab(page)
      await controlledByServiceWorker(page)
      await pending(page, 0)

      // Offline, every participant of the day is marked, some of them twice (a correction).
      await goOffline(context)
      const dayId = await etabDay(page)
      const expected = new Map<string, AttendanceMark>()
      let edits = 0
      for (const [index, participant] of (await etabParticipants(page)).entries()) {
        let mark = otherMark(await markOf(page, participant))
        edits += await setMark(page, participant, mark)
        if (index % 2 === 0) {
          mark = otherMark(mark)
          edits += await setMark(page, participant, mark)
        }
        expected.set(participant, mark)
      }
      // A mark shows at once and is queued a moment later (docs/0020): every one of them queued.
      await pending(page, edits)
      const queued = await outboxOf(page)
      expect(queued).toHaveLength(edits)
      expect(queued.length).toBeGreaterThan(expected.size)

      // The push reaches the server and is applied; the server dies before it can answer.
      let pushes = 0
      let answered = 0
      let died!: () => void
      const diedMidSync = new Promise<void>((resolve) => (died = resolve))
      await context.route('**/api/db/attendance/upsertBatch', async (route) => {
        pushes += 1
        const response = await route.fetch()
        if (response.ok()) answered += 1
        await server.kill()
        await route.abort('connectionreset')
        died()
      })
      await goOnline(context)
      await diedMidSync
      await context.unroute('**/api/db/attendance/upsertBatch')
      expect(pushes).toBe(1)
      expect(answered).toBe(1)
      // Nothing was confirmed to the device, so everything is still queued.
      await pending(page, queued.length)

      // The server comes back on the same data; the device pushes the same edits again.
      await server.start()
      await syncNow(page)
      await pending(page, 0)
      await page.locator('details.sync-status[data-notices="0"]').waitFor()
      for (const [participant, mark] of expected) {
        await page
          .locator(
            `li.etab-row[data-participant="${participant}"][data-mark="${mark}"][data-pending="0"]`,
          )
          .waitFor()
      }
      const admin = await newContext(browser, { baseURL: server.url })
      await login(await admin.newPage(), 'admin')
      const state = await serverState(admin, server.url)
      const lastEdit = new Map(queued.map((m) => [m.recordId, m]))
      for (const [participant, mark] of expected) {
        const record = state.attendance.get(attendanceId(dayId, participant))
        expect(record?.mark).toBe(mark)
        // The field holds the device's last edit of it, with that edit's own stamp.
        expect(record?.stamps.mark?.hlc).toBe(lastEdit.get(attendanceId(dayId, participant))?.hlc)
      }
      await admin.close()
      guard.check()
      await context.close()

      // The server's history holds each edit exactly once, applied.
      await server.kill()
      const store = await openEmbeddedStore(server.options.dataDir, 'lfit')
      try {
        const history = await store
          .collection('history')
          .find({ _id: { $in: queued.map((m) => m.id) } })
        expect(history).toHaveLength(queued.length)
        for (const entry of history) expect(entry.result).toEqual({ status: 'applied' })
      } finally {
        await store.close()
      }
    } finally {
      await own.close()
    }
  }, 240_000)

  it('a participant sees only their own absences and graph and cannot write attendance', async () => {
    const me = demoUser('participant')
    const context = await newContext(browser, { viewport: TABLET })
    const guard = guardConsole(context)
    const page = await context.newPage()
    await login(page, 'participant')
    const admin = await newContext(browser)
    await login(await admin.newPage(), 'admin')
    const everything = await serverState(admin)
    const mine = await serverState(context)

    // The server gives the participant their own records only, and there are others'.
    const ownAbsences = [...mine.absences.values()].filter((a) => !a.deleted)
    expect(ownAbsences.length).toBeGreaterThan(0)
    expect([...mine.absences.values()].every((a) => a.participant === me)).toBe(true)
    expect([...mine.attendance.values()].every((r) => r.participant === me)).toBe(true)
    expect(mine.attendance.size).toBeGreaterThan(0)
    expect([...everything.absences.values()].some((a) => a.participant !== me && !a.deleted)).toBe(
      true,
    )

    // /odsotnostOsebe lists exactly their own absences, with no choice of person.
    await navigateInApp(page, '/odsotnostOsebe')
    await page.locator('#person-absences-title').waitFor()
    await expect
      .poll(() => page.locator('li[data-testid="absence"]').count(), { timeout: 30_000 })
      .toBe(ownAbsences.length)
    const shown = await page
      .locator('li[data-testid="absence"]')
      .evaluateAll((items) =>
        items.map((item) => [
          item.getAttribute('data-absence-id'),
          item.getAttribute('data-participant'),
        ]),
      )
    expect(shown.map(([id]) => id).sort()).toEqual(ownAbsences.map((a) => a._id).sort())
    expect(shown.every(([, participant]) => participant === me)).toBe(true)
    expect(
      await page.locator('section[aria-labelledby="person-absences-title"] select').count(),
    ).toBe(0)
    // Nor does the device hold anyone else's.
    const local = await localRecords<AbsenceRecord>(page, 'absences')
    expect(local.every((a) => a.participant === me)).toBe(true)
    const localAttendance = await localRecords<AttendanceRecord>(page, 'attendance')
    expect(localAttendance.every((r) => r.participant === me)).toBe(true)

    // /prisotnostGraf shows their own percentages, per year and per segment.
    await navigateInApp(page, '/prisotnostGraf')
    const graph = page.locator('section[aria-labelledby="graph-title"]')
    await graph.locator('[role="meter"]').first().waitFor()
    expect(await graph.locator('select').count()).toBe(0)
    // The one set of figures (docs/product-rules.md#attendance-figures): their marks and
    // absences over the days of their years that have begun.
    const days = schedule().dayById
    const years = [
      ...new Set([...mine.attendance.values()].map((r) => days.get(r.dayId)?.year ?? 0)),
    ].filter((year) => year > 0)
    const standing = standingOf({
      participant: me,
      today: localDayStr(Date.now()),
      attendance: [...mine.attendance.values()],
      absences: ownAbsences,
      enrolments: years.map((year) => ({ person: me, year, status: 'accepted' as const })),
      sessions: [],
      sessionAttendance: [],
      madeUpOtherwise: [],
      thresholds: DEFAULT_THRESHOLDS,
    })
    const expectedMeters = new Map<string, number>(
      standing.years.flatMap((year) => {
        const segments = [
          ...new Set([...year.present, ...year.late, ...year.missed].map((d) => d.segment)),
        ].toSorted((a, b) => a - b)
        const ofYear = yearFigures(standing, year.year)
        if (!ofYear || ofYear.counted === 0) return []
        return [
          [`Year ${year.year}`, ofYear.percent ?? 0] as const,
          ...segments.map(
            (segment) =>
              [
                `Segment ${segment} (year ${year.year})`,
                yearFigures(standing, year.year, segment)?.percent ?? 0,
              ] as const,
          ),
        ]
      }),
    )
    await expect
      .poll(() => graph.locator('[role="meter"]').count(), { timeout: 30_000 })
      .toBe(expectedMeters.size)
    const meters = await graph
      .locator('[role="meter"]')
      .evaluateAll((items) =>
        items.map((item): [string | null, number] => [
          item.getAttribute('aria-label'),
          Number(item.getAttribute('aria-valuenow')),
        ]),
      )
    expect(new Map(meters)).toEqual(expectedMeters)

    // Writing attendance through the API is refused, for their own record and for another's.
    const own = [...mine.attendance.values()][0] as AttendanceRecord
    const other = [...everything.attendance.values()].find(
      (r) => r.participant !== me,
    ) as AttendanceRecord
    for (const target of [own, other]) {
      const mutation: Mutation = {
        id: `e2e-${crypto.randomUUID()}`,
        collection: 'attendance',
        recordId: target._id,
        hlc: encodeHlc({ wall: Date.now(), counter: 0, node: 'e2e-participant-device' }),
        deviceId: 'e2e-participant-device',
        fields: { mark: target.mark === 'absent' ? 'present' : 'absent' },
      }
      const { status, body } = await dbCall<{ results: PushResult[] }>(
        context,
        'attendance/upsertBatch',
        { v: SYNC_PROTOCOL_VERSION, batch: [mutation] },
      )
      if (status === 200) {
        expect(body.results).toEqual([
          expect.objectContaining({
            id: mutation.id,
            status: 'rejected',
            permanent: true,
            reason: expect.objectContaining({ code: 'forbidden' }),
          }),
        ])
      } else {
        expect(status).toBe(403)
      }
    }
    // The server's records are as they were.
    const after = await serverState(admin)
    expect(after.attendance.get(own._id)).toEqual(everything.attendance.get(own._id))
    expect(after.attendance.get(other._id)).toEqual(everything.attendance.get(other._id))
    guard.check()
    await admin.close()
    await context.close()
  }, 120_000)
})
