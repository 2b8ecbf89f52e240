// The living demo on both stores (docs/0051-living-demo.md): seeded on two days in different
// seasons, its calendar is placed around that day and every record sits on it: marks before today
// only, absences in their writer's language, coming make-up sessions with places and one full
// with a waitlist, sign-ups for coming study days, files whose bytes are stored and read as what
// they claim, recordings with subtitles in both languages, photos of past blocks, and a past
// cohort's certificates whose codes verify. A second start keeps the calendar it was seeded on.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileTypeFromBuffer } from 'file-type'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { checkCode } from '@lfit/domain/certificates/code'
import { parseWebVtt } from '@lfit/domain/media/webvtt'
import {
  buildSchedule,
  localDayStr,
  SCHEDULE_DATA,
  schedule,
  type StudyDay,
} from '@lfit/domain/schedule'
import { certificateMac } from '../src/certificates/secret'
import { openDiskFileStore } from '../src/files/disk'
import type { FileStore } from '../src/files/port'
import { readAll } from '../src/photos/sizes'
import { seedCalendar } from '../src/seed/calendar'
import { seedDemo } from '../src/seed/demo'
import { demoCalendar } from '../src/seed/demo-calendar'
import { demoPeople } from '../src/seed/demo-data'
import type { Doc, Store } from '../src/store/port'
import { openTestStore, STORE_KINDS, type TestStore } from './sync-fixtures'

const SECRET = 'living-demo-test-secret'
const DAYS = [
  ['a late-November Sunday', Date.UTC(2026, 10, 29, 9)],
  ['a summer Wednesday', Date.UTC(2027, 6, 14, 6, 30)],
] as const

const SLOVENIAN = new Set(['bolezen', 'zastoj na avtocesti', 'službena pot'])
const ENGLISH = new Set(['illness', 'traffic jam on the motorway', 'business trip'])

describe.each(STORE_KINDS)('the living demo on the %s store', (kind) => {
  let db: TestStore
  let store: Store
  let dir: string
  let files: FileStore
  beforeEach(async () => {
    db = await openTestStore(kind)
    store = db.store
    dir = mkdtempSync(join(tmpdir(), 'lfit-living-'))
    files = openDiskFileStore(dir)
  })
  afterEach(async () => {
    await files.close()
    rmSync(dir, { recursive: true, force: true })
    await db.close()
  })

  const all = (collection: string) => store.collection(collection).find({}, { limit: 10_000 })
  const bytesOf = async (fileId: string) => {
    const meta = await store.collection('files').findById(fileId)
    expect(meta, fileId).not.toBeNull()
    return readAll(files, meta?.hash as string)
  }

  it.each(DAYS)('seeded on %s, places everything around that day', async (_name, now) => {
    const today = localDayStr(now)
    await seedCalendar(store, demoCalendar(today), now)
    const report = await seedDemo(store, { now, files, certificateSecret: SECRET })
    expect(report.seeded).toBe(true)
    const calendar = schedule()
    const studyDay = (id: string) => calendar.dayById.get(id) as StudyDay | undefined

    // Marks only on study days before today; today's sheet is open; this week's block has marks.
    const marks = await all('attendance')
    expect(marks.length).toBe(report.attendance)
    const markedDays = new Set(marks.map((mark) => String(mark.dayId)))
    for (const id of markedDays) expect((studyDay(id)?.dayStr ?? today) < today, id).toBe(true)
    const current = calendar.blocks.find((b) => b.from <= today && today <= b.to)
    expect(current?.days.some((day) => markedDays.has(day.id))).toBe(true)
    expect(current?.days.some((day) => day.dayStr === today && !markedDays.has(day.id))).toBe(true)

    // Reasons in their writer's language, never both at once.
    const people = new Map(demoPeople().map((person) => [person.username, person]))
    const absences = await all('absences')
    expect(absences.some((absence) => String(absence.fromDay) > today)).toBe(true)
    // The demo participant has an absence of their own reported ahead (/odsotnostOsebe).
    expect(
      absences.some((a) => a.participant === 'participant@demo.test' && String(a.fromDay) > today),
    ).toBe(true)
    for (const absence of absences) {
      const fromSlovenia = people.get(String(absence.participant))?.country === 'SI'
      expect((fromSlovenia ? SLOVENIAN : ENGLISH).has(String(absence.reason))).toBe(true)
    }

    // Coming make-up sessions: places free in one, one full with a waitlist.
    const sessions = await all('makeupSessions')
    expect(sessions.every((session) => String(session.dayStr) > today)).toBe(true)
    expect(sessions.some((s) => (s.taken as number) < (s.capacity as number))).toBe(true)
    const full = sessions.find((s) => s.taken === s.capacity)
    const waiting = await store
      .collection('makeupSignups')
      .count({ session: full?._id, status: 'waitlisted' })
    expect(waiting).toBeGreaterThan(0)

    // Sign-ups and reservations for coming study days.
    for (const collection of ['eventSignups', 'reservations']) {
      const signups = await all(collection)
      expect(signups.length).toBeGreaterThan(0)
      for (const signup of signups)
        expect((studyDay(String(signup.dayId))?.dayStr ?? today) > today).toBe(true)
    }

    // Files are stored and are what they say; recordings of past days with both subtitles.
    const materials = await all('materials')
    const refs = materials.flatMap((m) => m.files as { fileId: string; type: string }[])
    expect(refs.length).toBeGreaterThan(5)
    for (const ref of refs) {
      expect((await fileTypeFromBuffer(await bytesOf(ref.fileId)))?.mime).toBe(ref.type)
    }
    const recordings = materials.filter((m) => m.kind === 'audio' && m.day !== '')
    expect(recordings.length).toBe(4)
    for (const recording of recordings) {
      expect(String(recording.day) < today).toBe(true)
      const subtitles = recording.subtitles as { lang: string; fileId: string }[]
      expect(subtitles.map((s) => s.lang).toSorted()).toEqual(['en', 'sl'])
      for (const { fileId } of subtitles) {
        expect(parseWebVtt((await bytesOf(fileId)).toString('utf8')).ok).toBe(true)
      }
    }
    const library = await all('library')
    expect(library.filter((item) => (item.files as unknown[]).length > 0).length).toBe(3)

    // Albums of blocks that took place, each photo's sizes stored.
    const albums = await all('photoAlbums')
    expect(albums).toHaveLength(3)
    for (const album of albums) {
      const owner = calendar.blockById.get((album.owner as { ref: string }).ref)
      expect(owner && owner.to < today).toBe(true)
    }
    const photos: Doc[] = await all('photos')
    expect(photos).toHaveLength(report.photos)
    for (const photo of photos) {
      const { thumb } = photo.sizes as Record<string, { hash: string }>
      expect(await files.stat(thumb?.hash as string)).not.toBeNull()
    }

    // The past cohort: five alumni, a valid certificate per year and for the programme, codes
    // that verify with the server's secret, issued before the calendar began.
    const certificates = await all('certificates')
    expect(certificates).toHaveLength(25)
    const mac = certificateMac(SECRET)
    for (const certificate of certificates) {
      expect(checkCode(String(certificate.code), mac)).toBe(certificate._id)
      expect(String(certificate.issuedAt).slice(0, 10) < (calendar.blocks[0]?.from ?? '')).toBe(
        true,
      )
    }
    expect(await store.collection('enrolments').count({ status: 'completed' })).toBe(20)

    // A later start on another day keeps the calendar and seeds nothing again.
    const later = now + 40 * 86_400_000
    await seedCalendar(store, demoCalendar(localDayStr(later)), later)
    expect(schedule().blocks[0]?.from).toBe(calendar.blocks[0]?.from)
    expect((await seedDemo(store, { now: later, files, certificateSecret: SECRET })).seeded).toBe(
      false,
    )
    expect(calendar.blocks[0]?.from).toBe(demoCalendar(today).blocks[0]?.from)
  })

  it('on the first calendar after its last study day, still reports absences ahead', async () => {
    // DEMO_CALENDAR=fixed (the e2e servers): the first version has no study day left in the
    // coming weeks, yet the demo participant's own screens have an absence to show.
    const now = DAYS[0][1]
    await seedDemo(store, { now, files, certificateSecret: SECRET, firstCalendar: SCHEDULE_DATA })
    const ahead = (await all('absences')).filter((a) => String(a.fromDay) > localDayStr(now))
    expect(ahead.map((a) => a.participant)).toContain('participant@demo.test')
  })

  it('leaves a demo database from before the calendar was data on the first version', async () => {
    // A database in use (it has a user) and no calendar stored yet.
    await store.collection('users').insert({ _id: 'admin@demo.test', username: 'admin@demo.test' })
    const now = DAYS[0][1]
    const report = await seedDemo(store, { now, files, certificateSecret: SECRET })
    expect(report.seeded).toBe(false)
    const first = buildSchedule(SCHEDULE_DATA)
    expect(schedule().blocks.map((b) => b.block_id)).toEqual(first.blocks.map((b) => b.block_id))
    expect(await store.collection('calendar').count({})).toBe(first.blocks.length + 1)
  })
})
