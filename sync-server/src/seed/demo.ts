// Seeds a database with the demo data set (issue 3): the fixed schedule, one user per role
// with the published demo password, forty participants, and attendance and absences written
// through the same push path as any device's edits (merged, stamped, kept in history, announced
// to pulls). Only an empty users collection is seeded, so a database in use is never touched.
import { MAX_BATCH, type Mutation, type SyncCollection } from '@lfit/domain/sync/protocol'
import { creationStamp } from '@lfit/domain/users/user'
import { hashPassword } from '../auth/passwords'
import type { Store } from '../store/port'
import { ensureSyncIndexes } from '../sync/changelog'
import type { SyncUser } from '../sync/context'
import { pushBatch } from '../sync/push'
import { SCHEDULE_DATA } from '@lfit/domain/schedule'
import { seedCalendar } from './calendar'
import { demoMaterialEdits } from './demo-materials'
import { seedSchedule } from './schedule'
import {
  DEMO_PASSWORD,
  demoApplicants,
  demoApplications,
  demoEdits,
  demoEnrolments,
  demoPeople,
  demoUsername,
} from './demo-data'

export interface SeedReport {
  /** False when the database already had users and was left alone. */
  seeded: boolean
  users: number
  attendance: number
  absences: number
  materials: number
  library: number
}

export async function seedDemo(store: Store, { now }: { now: number }): Promise<SeedReport> {
  await ensureSyncIndexes(store)
  // Before anything reads schedule(): the demo's attendance is made for the stored calendar.
  await seedCalendar(store, SCHEDULE_DATA, now)
  await seedSchedule(store)
  const users = store.collection('users')
  if ((await users.count({})) > 0)
    return { seeded: false, users: 0, attendance: 0, absences: 0, materials: 0, library: 0 }

  // Every demo user has the same published password, so one hash (salted once) serves them all
  // and the first start stays quick; real users each get their own.
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const people = demoPeople()
  const reserved = new Date(now).toISOString()
  // $setOnInsert by _id: two processes seeding at once (DEMO=1 on MongoDB) write the same users.
  await users.bulkUpsert(
    people.map(({ _id, ...person }) => ({
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
  const material = demoMaterialEdits(now)
  await push('materials', material.materials, media)
  await push('library', material.library, media)
  return {
    seeded: true,
    users: people.length + applicants.length,
    attendance: edits.attendance.length,
    absences: edits.absences.length,
    materials: material.materials.length,
    library: material.library.length,
  }
}
