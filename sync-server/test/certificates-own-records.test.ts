// The certificate list of a year on both stores: each person's standing is worked out from that
// person's own records only (docs/product-rules.md#certificates), so a year's list grows with
// its size, not with its size squared, and the figures stay those of each person.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type * as Standing from '@lfit/domain/makeups/standing'
import { studyDaysOfYear, type StandingInput } from '@lfit/domain/makeups/standing'
import { schedule } from '@lfit/domain/schedule'
import {
  STORE_KINDS,
  openTestStore,
  seedUsers,
  startServer,
  userFor,
  type OpenedStore,
  type TestServer,
} from './harness'

// Every input the list hands to the domain's standing, kept to check whose records it holds.
const inputs = vi.hoisted(() => [] as StandingInput[])
vi.mock('@lfit/domain/makeups/standing', async (original) => {
  const real = await original<typeof Standing>()
  return {
    ...real,
    standingOf: (input: StandingInput) => {
      inputs.push(input)
      return real.standingOf(input)
    },
  }
})

const YEAR3 = { kind: 'year', year: 3 } as const
const days = studyDaysOfYear(schedule(), 3)
// Five people of year 3, person i absent on the first i study days.
const PEOPLE = Array.from({ length: 5 }, (_, i) => ({ username: `p${i}@test.lfit`, absent: i }))

describe.each(STORE_KINDS)('the certificate list on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer

  beforeEach(async () => {
    inputs.length = 0
    db = await openTestStore(kind)
    await seedUsers(db.store, [
      userFor('regEditor'),
      ...PEOPLE.map(({ username }, i) => ({
        username,
        roles: ['participant' as const],
        firstName: `Person${i}`,
        lastName: 'Test',
      })),
    ])
    await db.store.collection('enrolments').insert(
      PEOPLE.map(({ username }) => ({
        _id: `3:${username}`,
        person: username,
        year: 3,
        status: 'completed',
        project: 'lfit',
        history: [],
      })),
    )
    await db.store.collection('attendance').insert(
      PEOPLE.flatMap(({ username, absent }) =>
        days.slice(0, absent).map((day) => ({
          _id: `${day.id}:${username}`,
          dayId: day.id,
          participant: username,
          mark: 'absent',
        })),
      ),
    )
    server = await startServer({ store: db.store })
  })
  afterEach(async () => {
    await server.close()
    await db.close()
  })

  it("works out each person's standing from their own records only, with their figures", async () => {
    const answer = await (
      await server.as('regEditor')
    ).post('/api/certificates/list', {
      scope: YEAR3,
    })
    expect(answer.status).toBe(200)
    const rows = (answer.body as { rows: { person: string; missed: number }[] }).rows
    expect(rows.map((row) => [row.person, row.missed])).toEqual(
      PEOPLE.map(({ username, absent }) => [username, absent]),
    )
    const listed = inputs.filter((input) => PEOPLE.some((p) => p.username === input.participant))
    expect(listed.map((input) => input.participant).toSorted()).toEqual(
      PEOPLE.map((p) => p.username),
    )
    for (const input of listed) {
      const whose = new Set([
        ...input.attendance.map((a) => a.participant),
        ...input.enrolments.map((e) => e.person),
        ...input.absences.map((a) => a.participant),
        ...input.sessionAttendance.map((a) => a.participant),
        ...input.madeUpOtherwise.map((m) => m.participant),
      ])
      expect([...whose], input.participant).toEqual([input.participant])
    }
  })
})
