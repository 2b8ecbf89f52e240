// A class of 35 for the studio tablet's roll call (the e2e test and the bench of it): the demo
// data has about ten participants a year, so the admin adds participants to one year through
// the admin's user API (/auth/users' own call: a participant with a year is enrolled in it,
// accepted) until its roster holds 35. Against a server of the caller's own, never the shared
// e2e server, whose other tests count their years' people.
import { Packr } from 'msgpackr'
import { request, type APIRequestContext } from 'playwright-core'
import { rosterAnswerSchema } from '@lfit/domain/people/roster'
import { DEMO_PASSWORD, demoUser } from './browser'

export const CLASS_SIZE = 35

const MSGPACK = 'application/msgpack'
const packr = new Packr({ useRecords: false, mapsAsObjects: true })

/** Surnames of the added people: real-looking names, some with accents, all different. */
const SURNAMES = [
  'Ambrožič',
  'Bizjak',
  'Cerar',
  'Čuk',
  'Debeljak',
  'Erjavec',
  'Furlan',
  'Golob',
  'Hribar',
  'Ivančič',
  'Jereb',
  'Kavčič',
  'Lesjak',
  'Mlakar',
  'Novak',
  'Oblak',
  'Pirc',
  'Rozman',
  'Sever',
  'Šuštar',
  'Tomažič',
  'Umek',
  'Vidmar',
  'Zupančič',
  'Žagar',
  'Zorko',
  'Kralj',
  'Petek',
  'Bajc',
  'Koren',
  'Medved',
  'Rupnik',
  'Dolenc',
  'Hočevar',
  'Kos',
]
const FIRST_NAMES = ['Nika', 'Jan', 'Eva', 'Luka', 'Zala', 'Tim', 'Ema', 'Gal', 'Lana', 'Žan']

/** Fills the roster of `year` on the server at `base` to 35; answers the 35 usernames. */
export async function fillClass(base: string, year: number): Promise<string[]> {
  // Playwright's own requests, which keep the session cookie and open their own connections (a
  // kept-alive socket of Node's fetch, closed by the server meanwhile, was reset on a busy machine).
  const api = await request.newContext({ baseURL: base })
  try {
    return await fill(api, base, year)
  } finally {
    await api.dispose()
  }
}

async function fill(api: APIRequestContext, base: string, year: number): Promise<string[]> {
  const call = async (path: string, body: unknown) => {
    const answer = await api.post(path, {
      headers: { 'content-type': MSGPACK, accept: MSGPACK, origin: base },
      data: Buffer.from(packr.pack(body)),
    })
    if (!answer.ok()) throw new Error(`${path} answered ${answer.status()}`)
    return packr.unpack(await answer.body()) as unknown
  }
  await call('/api/auth/login', { username: demoUser('admin'), password: DEMO_PASSWORD })
  const roster = async () =>
    rosterAnswerSchema
      .parse(await call('/api/people/roster', {}))
      .participants.filter((person) => person.year === year)
      .map((person) => person.username)
  const present = await roster()
  const missing = CLASS_SIZE - present.length
  const insert = Array.from({ length: Math.max(0, missing) }, (_, index) => ({
    username: `class-${year}-${index}@example.com`,
    firstName: FIRST_NAMES[index % FIRST_NAMES.length],
    lastName: SURNAMES[index % SURNAMES.length],
    status: 'active',
    roles: ['participant'],
    year,
  }))
  // A few at a time: each new user's password is hashed, and one call stays well within the
  // server's request time on a busy machine.
  for (let at = 0; at < insert.length; at += 5) {
    await call('/api/db/users/insert', { insert: insert.slice(at, at + 5) })
  }
  const all = await roster()
  if (all.length !== CLASS_SIZE) throw new Error(`year ${year} has ${all.length} people, not 35`)
  return all
}
