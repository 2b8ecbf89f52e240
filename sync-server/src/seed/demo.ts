// Seeds a database with the demo data set (issue 3, docs/0051-living-demo.md): one user per role
// with the published demo password, forty participants, and, placed on the calendar current when
// it runs (the demo calendar around the first start's day), attendance and absences written
// through the same push path as any device's edits (merged, stamped, kept in history, announced
// to pulls), material with real small files, photo albums, make-up sessions with sign-ups, day
// sign-ups and reservations, and a past cohort with certificates. Only an empty users collection
// is seeded, so a database in use is never touched.
import { MAX_BATCH, type Mutation, type SyncCollection } from '@lfit/domain/sync/protocol'
import { creationStamp } from '@lfit/domain/users/user'
import { hashPassword } from '../auth/passwords'
import type { Store } from '../store/port'
import { ensureSyncIndexes } from '../sync/changelog'
import type { SyncUser } from '../sync/context'
import { pushBatch } from '../sync/push'
import { localDayStr, SCHEDULE_DATA, type ScheduleDataInput } from '@lfit/domain/schedule'
import type { FileStore } from '../files/port'
import { seedCalendar } from './calendar'
import { demoAlumni, seedDemoCertificates } from './demo-alumni'
import { demoCalendar } from './demo-calendar'
import { demoMaterialEdits, storeDemoMaterialFiles } from './demo-materials'
import { seedDemoDaySignups, seedDemoMakeups } from './demo-makeups'
import { seedDemoPhotos } from './demo-photos'
import { seedSchedule } from './schedule'
import {
  DEMO_PASSWORD,
  demoApplicants,
  demoApplications,
  demoEdits,
  demoEnrolments,
  demoPeople,
  demoUsername,
  phoneFor,
} from './demo-data'

export interface SeedReport {
  /** False when the database already had users and was left alone. */
  seeded: boolean
  users: number
  attendance: number
  absences: number
  materials: number
  library: number
  photos: number
  makeupSignups: number
  daySignups: number
  certificates: number
}

export interface SeedOptions {
  now: number
  /** Where the demo's files go (the server's file store). */
  files: FileStore
  /** The certificate secret, so the past cohort's certificates verify. */
  certificateSecret: string
  /**
   * The calendar a database without one starts with: by default the demo's, placed around
   * `now`'s day (DEMO_CALENDAR, docs/0051-living-demo.md).
   */
  firstCalendar?: ScheduleDataInput
}

const NOT_SEEDED: SeedReport = {
  seeded: false,
  users: 0,
  attendance: 0,
  absences: 0,
  materials: 0,
  library: 0,
  photos: 0,
  makeupSignups: 0,
  daySignups: 0,
  certificates: 0,
}

export async function seedDemo(store: Store, options: SeedOptions): Promise<SeedReport> {
  const { now, files } = options
  await ensureSyncIndexes(store)
  const today = localDayStr(now)
  const users = store.collection('users')
  // A database in use (a demo seeded before the calendar was data) keeps the dates its records
  // were made on: its first calendar is the first version, never one around today.
  const inUse = (await users.count({})) > 0
  // Before anything reads schedule(): every demo record is placed on the stored calendar, which
  // is the one of the first start (a later start on another day keeps it).
  const calendar = await seedCalendar(
    store,
    inUse ? SCHEDULE_DATA : (options.firstCalendar ?? demoCalendar(today)),
    now,
  )
  await seedSchedule(store)
  if (inUse) return NOT_SEEDED

  // Every demo user has the same published password, so one hash (salted once) serves them all
  // and the first start stays quick; real users each get their own.
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const people = demoPeople()
  const alumni = demoAlumni((index) => phoneFor(1_000 + index))
  const reserved = new Date(now).toISOString()
  // $setOnInsert by _id: two processes seeding at once (DEMO=1 on MongoDB) write the same users.
  await users.bulkUpsert(
    [...people, ...alumni].map(({ _id, ...person }) => ({
      filter: { _id },
      update: { $setOnInsert: { ...person, passwordHash, addedBy: 'demo-seed', reserved } },
    })),
  )

  // Applicants registered themselves: `addedBy` is their own username, as a registration sets it.
  const applicants = demoApplicants()
  await users.bulkUpsert(
    applicants.map(({ _id, applyingFor: _year, ...applicant }) => ({
      filter: { _id },
      update: {
        $setOnInsert: {
          ...applicant,
          passwordHash,
          ...creationStamp(applicant.username, new Date(now)),
        },
      },
    })),
  )
  await store.collection('enrolments').bulkUpsert(
    [...demoEnrolments(people, now), ...demoApplications(applicants, now)].map(
      ({ _id, ...enrolment }) => ({
        filter: { _id },
        update: { $setOnInsert: enrolment },
      }),
    ),
  )

  const editor = { username: demoUsername('presenceEditor'), roles: ['presenceEditor' as const] }
  const edits = demoEdits(people, now)
  const push = async (
    collection: SyncCollection,
    mutations: readonly Mutation[],
    user: SyncUser = editor,
  ) => {
    for (let at = 0; at < mutations.length; at += MAX_BATCH) {
      const results = await pushBatch(
        { store, user, now },
        collection,
        mutations.slice(at, at + MAX_BATCH),
      )
      const refused = results.find((result) => result.status === 'rejected')
      if (refused) throw new Error(`demo ${collection} edit refused: ${JSON.stringify(refused)}`)
    }
  }
  await push('attendance', edits.attendance)
  await push('absences', edits.absences)
  const media = { username: demoUsername('mediaEditor'), roles: ['mediaEditor' as const] }
  const material = demoMaterialEdits(
    now,
    today,
    calendar,
    await storeDemoMaterialFiles(store, files, media.username, now),
  )
  await push('materials', material.materials, media)
  await push('library', material.library, media)
  const photos = await seedDemoPhotos(store, files, calendar, {
    today,
    now,
    by: demoUsername('photoEditor'),
  })
  const makeupSignups = await seedDemoMakeups(store, { today, now, calendar, people })
  const daySignups = await seedDemoDaySignups(store, { today, now, calendar })
  const certificates = await seedDemoCertificates(store, alumni, {
    calendar,
    secret: options.certificateSecret,
  })
  return {
    seeded: true,
    users: people.length + alumni.length + applicants.length,
    attendance: edits.attendance.length,
    absences: edits.absences.length,
    materials: material.materials.length,
    library: material.library.length,
    photos,
    makeupSignups,
    daySignups,
    certificates,
  }
}
