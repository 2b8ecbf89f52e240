import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { openDiskFileStore } from '../src/files/disk'
import { seedDemo } from '../src/seed/demo'
import { openTestStore } from './sync-fixtures'

it('scratch', async () => {
  const db = await openTestStore('embedded')
  const files = openDiskFileStore(mkdtempSync(join(tmpdir(), 'lfit-scratch-')))
  const t = Date.now()
  const report = await seedDemo(db.store, { now: Date.UTC(2026, 10, 18, 8), files, certificateSecret: 'x' })
  console.log(Date.now() - t, report)
  console.log(await db.store.collection('makeupSessions').find({}))
  console.log((await db.store.collection('absences').find({})).slice(-3))
  expect(report.seeded).toBe(true)
  await db.close()
})
