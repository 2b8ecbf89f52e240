// Sign-ups for an event day (/prijavaZaDan) and reservations (/rezervacija), sent by a visitor
// over HTTP to /api/signups on both stores: a valid one is stored normalised (e-mail in lower case, phone
// as digits with the country code); bad input is refused with the spec's bilingual message per
// field (docs/product-rules.md#sign-ups-and-reservations) and nothing is stored.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { schedule } from '@lfit/domain/schedule'
import {
  SIGNUPS_OPEN,
  STORE_KINDS,
  TestClock,
  openTestStore,
  seedUsers,
  snapshot,
  startServer,
  userFor,
  type OpenedStore,
  type TestServer,
} from './harness'

/** A study day of the schedule (the first day of the last block of segment 12). */
const STUDY_DAY = 'lfit_20261116'

const REQUIRED = { sl: 'obvezno', en: 'required' }
const EMAIL_INVALID = { sl: 'e-naslov ni veljaven', en: 'e-mail not valid' }
const MOBILE_INVALID = { sl: 'številka ni veljavna', en: 'mobile number not valid' }
const INVALID_FORMAT = { sl: 'Oblika ni veljavna', en: 'Invalid format' }
const DAY_PASSED = {
  sl: 'ta dan je že minil; izberite enega od prihodnjih dni',
  en: 'this day has passed; choose one of the days to come',
}

type ErrorBody = {
  error: {
    code: string
    message: { sl: string; en: string }
    fields?: Record<string, { sl: string; en: string }>
  }
}

const COLLECTIONS = ['eventSignups', 'reservations'] as const

/** The public route that stores each collection's records. */
const ROUTE = {
  eventSignups: '/api/signups/eventDay',
  reservations: '/api/signups/reservation',
} as const

describe.each(STORE_KINDS)('sign-ups and reservations on the %s store', (kind) => {
  let db: OpenedStore
  let server: TestServer
  let clock: TestClock
  beforeEach(async () => {
    db = await openTestStore(kind)
    await seedUsers(db.store, [userFor('regEditor')])
    clock = new TestClock(SIGNUPS_OPEN)
    server = await startServer({ store: db.store, clock })
  })
  afterEach(async () => {
    await server.close()
    await db.close()
  })

  for (const collection of COLLECTIONS) {
    it(`${collection}: a visitor's valid record is stored normalised`, async () => {
      const extra = collection === 'reservations' ? { message: '  Two places, please. ' } : {}
      const answer = await server.browser().post(ROUTE[collection], {
        name: '  Eva Novak ',
        email: ' Eva.Novak@Example.SI ',
        phone: '041 123 456',
        dayId: STUDY_DAY,
        language: 'en',
        ...extra,
      })
      expect(answer.status).toBe(200)
      const id = (answer.body as { signup: { _id: string } }).signup._id
      const regEditor = await server.as('regEditor')
      const stored = await regEditor.db(collection, 'findById', { _id: id })
      expect(stored.body).toEqual({
        _id: id,
        name: 'Eva Novak',
        email: 'eva.novak@example.si',
        phone: '38641123456',
        dayId: STUDY_DAY,
        // The server's clock, not the device's.
        createdAt: new Date(SIGNUPS_OPEN).toISOString(),
        status: 'received',
        language: 'en',
        ...(collection === 'reservations' ? { message: 'Two places, please.' } : {}),
      })
    })

    it(`${collection}: bad input gets the spec's message per field and stores nothing`, async () => {
      const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
        [
          'every field missing or blank',
          { name: '   ', email: '', phone: '' },
          { name: REQUIRED, email: REQUIRED, phone: REQUIRED, dayId: REQUIRED },
        ],
        [
          'bad e-mail and phone',
          { name: 'Eva', email: 'eva@', phone: '12345', dayId: STUDY_DAY },
          { email: EMAIL_INVALID, phone: MOBILE_INVALID },
        ],
        [
          'a Slovenian number that is not a mobile',
          { name: 'Eva', email: 'eva@x.si', phone: '+386 1 234 5678', dayId: STUDY_DAY },
          { phone: MOBILE_INVALID },
        ],
        [
          'more than 15 digits',
          { name: 'Eva', email: 'eva@x.si', phone: '1234567890123456', dayId: STUDY_DAY },
          { phone: MOBILE_INVALID },
        ],
        [
          'a day that is not in the schedule',
          { name: 'Eva', email: 'eva@x.si', phone: '38641123456', dayId: 'lfit_20261117x' },
          { dayId: INVALID_FORMAT },
        ],
        [
          'a date outside every block',
          { name: 'Eva', email: 'eva@x.si', phone: '38641123456', dayId: 'lfit_20261101' },
          { dayId: INVALID_FORMAT },
        ],
      ]
      const before = await snapshot(db.store, collection)
      for (const [label, insert, fields] of cases) {
        const answer = await server.browser().post(ROUTE[collection], insert)
        expect(answer.status, label).toBe(400)
        const { error } = answer.body as ErrorBody
        expect(error.code, label).toBe('invalidBody')
        expect(error.fields, label).toEqual(fields)
      }
      expect(await snapshot(db.store, collection)).toEqual(before)
      expect(before).toEqual([])
      // Nor is any e-mail sent for a refused form.
      expect(await snapshot(db.store, 'mailOutbox')).toEqual([])
    })
  }

  it('a free day of a block is not a day to sign up for', async () => {
    const free = schedule().days.find((day) => day.freeDay)
    expect(free, 'the schedule has a free day').toBeDefined()
    const answer = await server.browser().post(ROUTE.eventSignups, {
      name: 'Eva',
      email: 'eva@x.si',
      phone: '38641123456',
      dayId: free?.id,
    })
    expect(answer.status).toBe(400)
    expect((answer.body as ErrorBody).error.fields).toEqual({ dayId: INVALID_FORMAT })
    expect(await snapshot(db.store, 'eventSignups')).toEqual([])
  })

  for (const collection of COLLECTIONS) {
    it(`${collection}: a day that has passed by the server's clock is refused with a message`, async () => {
      const signup = { name: 'Eva', email: 'eva@x.si', phone: '38641123456', dayId: STUDY_DAY }
      // The day (14:00–18:00 in Ljubljana) is over at 18:00, whatever the device's clock says.
      clock.now = Date.UTC(2026, 10, 16, 17)
      const late = await server.browser().post(ROUTE[collection], signup)
      expect(late.status).toBe(400)
      expect((late.body as ErrorBody).error.fields).toEqual({ dayId: DAY_PASSED })
      expect(await snapshot(db.store, collection)).toEqual([])
      // A minute earlier the same sign-up was still open.
      clock.now = Date.UTC(2026, 10, 16, 16, 59)
      expect((await server.browser().post(ROUTE[collection], signup)).status).toBe(200)
    })
  }
})
