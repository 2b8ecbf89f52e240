// The demo seed on both stores: every role can sign in with the published password (hashed,
// never stored plain), participants span the years, attendance and absences went through the
// push path (stamped, in history, visible to a pull), and a second seed changes nothing.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ROLES } from '@lfit/domain/access/roles'
import { normalizeUsername } from '@lfit/domain/users/email'
import { schedule } from '@lfit/domain/schedule'
import { normalizePhone } from '@lfit/domain/users/phone'
import { awaitsAcceptance } from '@lfit/domain/users/user'
import { verifyPassword } from '../src/auth/passwords'
import { openDiskFileStore } from '../src/files/disk'
import type { FileStore } from '../src/files/port'
import { seedDemo } from '../src/seed/demo'
import { DEMO_ALUMNI_COUNT } from '../src/seed/demo-alumni'
import { seedSchedule } from '../src/seed/schedule'
import { DEMO_APPLICANT_COUNT, DEMO_PARTICIPANT_COUNT, DEMO_PASSWORD } from '../src/seed/demo-data'
import type { Store } from '../src/store/port'
import { pull } from '../src/sync/pull'
import { EDITOR, NOW, STORE_KINDS, context, openTestStore, type TestStore } from './sync-fixtures'

describe.each(STORE_KINDS)('demo seed on the %s store', (kind) => {
  let db: TestStore
  let store: Store
  let dir: string
  let files: FileStore
  const options = (now: number) => ({ now, files, certificateSecret: 'seed-test-secret' })
  beforeEach(async () => {
    db = await openTestStore(kind)
    store = db.store
    dir = mkdtempSync(join(tmpdir(), 'lfit-seed-'))
    files = openDiskFileStore(dir)
  })
  afterEach(async () => {
    await files.close()
    rmSync(dir, { recursive: true, force: true })
    await db.close()
  })

  it('seeds once: users per role, participants, schedule, attendance and absences', async () => {
    const report = await seedDemo(store, options(NOW))
    expect(report).toMatchObject({
      seeded: true,
      users: ROLES.length + DEMO_PARTICIPANT_COUNT + DEMO_ALUMNI_COUNT + DEMO_APPLICANT_COUNT,
    })
    expect(report.attendance).toBeGreaterThan(100)
    expect(report.absences).toBeGreaterThan(0)

    const users = store.collection('users')
    for (const role of ROLES) {
      // Stored normalised, as a login of `presenceEditor@demo.test` looks it up.
      const user = await users.findOne({ username: normalizeUsername(`${role}@demo.test`) })
      expect(user).toMatchObject({ roles: [role], status: 'active' })
      expect(user).not.toHaveProperty('password')
    }
    const admin = await users.findOne({ username: 'admin@demo.test' })
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/)
    expect(await verifyPassword(admin?.passwordHash, DEMO_PASSWORD)).toBe(true)
    expect(await verifyPassword(admin?.passwordHash, 'wrong-password')).toBe(false)

    // Participants of years 1 to 4, and the past cohort's alumni, who have no current year.
    const participants = await users.find({ roles: 'participant', year: { $exists: true } })
    expect(participants).toHaveLength(DEMO_PARTICIPANT_COUNT + 1)
    expect(new Set(participants.map((p) => p.year))).toEqual(new Set([1, 2, 3, 4]))
    expect(await users.count({ roles: 'participant' })).toBe(
      DEMO_PARTICIPANT_COUNT + 1 + DEMO_ALUMNI_COUNT,
    )
    for (const person of participants) expect(normalizePhone(person.phone as string).ok).toBe(true)
    // Every participant is enrolled (accepted) in their year; three applications wait on /prijave,
    // their accounts blocked and without a role until a registration editor accepts them.
    const enrolments = store.collection('enrolments')
    expect(await enrolments.count({ status: 'accepted' })).toBe(DEMO_PARTICIPANT_COUNT + 1)
    const waiting = await enrolments.find({ status: 'applied' })
    expect(waiting).toHaveLength(DEMO_APPLICANT_COUNT)
    for (const application of waiting) {
      const applicant = await users.findOne({ username: application.person as string })
      expect(applicant).toMatchObject({ status: 'blocked', roles: [] })
      expect(awaitsAcceptance(applicant)).toBe(true)
    }

    expect(await store.collection('blocks').count({})).toBe(schedule().blocks.length)
    expect(await store.collection('days').count({})).toBe(schedule().days.length)
    // The calendar is stored once (a record per block and the programme's), as synced edits.
    expect(await store.collection('calendar').count({})).toBe(schedule().blocks.length + 1)
    expect(await store.collection('history').count({})).toBe(
      report.attendance +
        report.absences +
        report.materials +
        report.library +
        schedule().blocks.length +
        1,
    )
    // Demo material for every year, and the library, written by the media editor.
    expect(report.materials).toBeGreaterThanOrEqual(10)
    expect(report.library).toBeGreaterThan(0)
    const marked = await store.collection('attendance').findOne({})
    expect(Object.values(marked?.stamps as object)[0]).toMatchObject({ user: EDITOR.username })

    const snapshot = await pull(
      context(store, EDITOR),
      { v: 1, cursor: null },
      { records: 100_000, entries: 1000 },
    )
    expect(snapshot.changes.attendance).toHaveLength(report.attendance)
    expect(snapshot.changes.absences).toHaveLength(report.absences)

    const again = await seedDemo(store, options(NOW + 86_400_000))
    expect(again.seeded).toBe(false)
    expect(await users.count({})).toBe(report.users)
    // The calendar is stored once (a record per block and the programme's), as synced edits.
    expect(await store.collection('calendar').count({})).toBe(schedule().blocks.length + 1)
    expect(await store.collection('history').count({})).toBe(
      report.attendance +
        report.absences +
        report.materials +
        report.library +
        schedule().blocks.length +
        1,
    )
    // Demo material for every year, and the library, written by the media editor.
    expect(report.materials).toBeGreaterThanOrEqual(10)
    expect(report.library).toBeGreaterThan(0)
  })
  it('the stored schedule follows the code: days the schedule no longer has are removed', async () => {
    // Earlier builds stored the extra-material period (segment 99) as study days in 2027.
    const days = store.collection('days')
    await days.insert([
      { _id: 'lfit_20261201', segment: 99, year: 5, freeDay: false },
      { _id: 'lfit_20270115', segment: 99, year: 5, freeDay: false },
    ])
    await seedSchedule(store)
    expect(await days.count({})).toBe(schedule().days.length)
    expect(await days.count({ segment: 99 })).toBe(0)
    const period = await store.collection('blocks').findOne({ segment: 99 })
    expect(period).toMatchObject({ extraMaterial: true, numStudyDays: 0, days: [] })
  })
})
