// The demo data set: who the demo people are and what attendance and absences they have. Pure
// and deterministic (same `now`, same data), so seeding twice or from two processes at once
// writes the same documents under the same ids.
import { normalizeUsername } from '@lfit/domain/users/email'
import { ROLES, type Role } from '@lfit/domain/access/roles'
import { schedule, localDayStr, addDays, type StudyDay } from '@lfit/domain/schedule'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import type { Mutation } from '@lfit/domain/sync/protocol'
import { transition, type Enrolment } from '@lfit/domain/people/enrolment'

export const DEMO_PASSWORD = 'demo-password'
export const DEMO_DEVICE = 'demo-seed'

export function demoUsername(role: Role): string {
  // Usernames are e-mail addresses, stored in their normalised (lower-case) form; logging in as
  // `presenceEditor@demo.test` works because the login normalises what is typed the same way.
  return normalizeUsername(`${role}@demo.test`)
}

export interface DemoPerson {
  _id: string
  username: string
  email: string
  firstName: string
  lastName: string
  country: string
  phone: string
  roles: Role[]
  status: 'active'
  /** Programme year, for participants (the attendance book groups by it). */
  year?: number
}

// Fictional people: first name, last name, country code.
const PARTICIPANTS = `
  Ana Novak SI, Bor Horvat SI, Cvetka Kovač SI, David Krajnc SI, Eva Zupan SI,
  Filip Potočnik SI, Gaja Mlakar SI, Hana Kos SI, Igor Vidmar SI, Jana Golob HR,
  Klemen Turk SI, Lara Božič SI, Matej Kralj SI, Nika Korošec SI, Oskar Zupančič SI,
  Petra Bizjak SI, Rok Hribar SI, Sara Kavčič SI, Tilen Rozman SI, Urša Kastelic AT,
  Vid Oblak SI, Zala Petek SI, Žan Žagar SI, Maja Kolar SI, Luka Košir SI,
  Tina Koren SI, Jure Klemenčič SI, Neža Zajc SI, Miha Knez SI, Pia Medved IT,
  Lena Mueller AT, Tomaž Rossi IT, Ema Weber DE, Jakob Bianchi IT, Iva Kovačević HR,
  Nejc Schmidt DE, Katja Ricci IT, Gregor Babić HR, Alja Fischer DE, Blaž Marić HR,
`
  .split(',')
  .map((entry) => entry.trim().split(' '))
  .filter((parts) => parts.length === 3) as [string, string, string][]

export const DEMO_PARTICIPANT_COUNT = PARTICIPANTS.length

/** ASCII for user names: "Žan Žagar" signs in as zan.zagar@demo.test. */
function ascii(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}

/** A small stable hash, so the demo marks look random but never change between runs. */
function hash(text: string): number {
  let value = 2166136261
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 16777619)
  return value >>> 0
}

export function phoneFor(index: number): string {
  return `38641${String(100_000 + index * 7_919).slice(-6)}`
}

/** One user per role (`{role}@demo.test`) and forty participants spread over years 1 to 4. */
export function demoPeople(): DemoPerson[] {
  const roleUsers = ROLES.map((role, index): DemoPerson => {
    const username = demoUsername(role)
    return {
      _id: username,
      username,
      email: username,
      firstName: 'Demo',
      lastName: role,
      country: 'SI',
      phone: phoneFor(index),
      roles: [role],
      status: 'active',
      ...(role === 'participant' ? { year: 1 } : {}),
    }
  })
  const participants = PARTICIPANTS.map(([firstName, lastName, country], index): DemoPerson => {
    const username = `${ascii(firstName)}.${ascii(lastName)}@demo.test`
    return {
      _id: username,
      username,
      email: username,
      firstName,
      lastName,
      country,
      phone: phoneFor(ROLES.length + index),
      roles: ['participant'],
      status: 'active',
      year: (index % 4) + 1,
    }
  })
  return [...roleUsers, ...participants]
}

/** The year's study days before `today`, the latest `count` of them: today's sheet stays open. */
function pastStudyDays(year: number, today: string, count: number): StudyDay[] {
  const done = schedule().days.filter(
    (day): day is StudyDay => !day.freeDay && day.year === year && day.dayStr < today,
  )
  return done.slice(-count)
}

/** The year's first study day at least `after` days from `today`. */
function comingStudyDay(year: number, today: string, after: number): StudyDay | undefined {
  const from = addDays(today, after)
  return schedule().days.find(
    (day): day is StudyDay => !day.freeDay && day.year === year && day.dayStr >= from,
  )
}

/** How many of each year's past study days the demo marks; the earlier ones stay unmarked. */
const DEMO_MARKED_DAYS = 10

/**
 * What a participant writes, in their own language: Slovenian from Slovenia, English from abroad
 * (a free-text field has one language; the screens show it as written).
 */
const WORDS = {
  illness: { sl: 'bolezen', en: 'illness' },
  traffic: { sl: 'zastoj na avtocesti', en: 'traffic jam on the motorway' },
  trip: { sl: 'službena pot', en: 'business trip' },
} as const
const wordsOf = (person: DemoPerson, word: keyof typeof WORDS) =>
  WORDS[word][person.country === 'SI' ? 'sl' : 'en']

/** How often each mark occurs in the demo attendance book, out of the total weight. */
const MARK_ODDS = [
  ['present', 16],
  ['late', 2],
  ['absent', 1],
  ['excused', 2],
] as const
const TOTAL_ODDS = MARK_ODDS.reduce((sum, [, weight]) => sum + weight, 0)

function demoMark(key: string): (typeof MARK_ODDS)[number][0] {
  let roll = hash(key) % TOTAL_ODDS
  for (const [mark, weight] of MARK_ODDS) {
    if (roll < weight) return mark
    roll -= weight
  }
  return 'present'
}

export interface DemoEdits {
  attendance: Mutation[]
  absences: Mutation[]
}

/**
 * Attendance for the last ten study days before today of each participant's year, an excused
 * absence behind every excused mark, and a few absences reported ahead, all stamped as edits of
 * the seed device.
 */
export function demoEdits(people: readonly DemoPerson[], now: number): DemoEdits {
  const today = localDayStr(now)
  const attendance: Mutation[] = []
  const absences: Mutation[] = []
  const stamp = (wall: number, counter: number) => encodeHlc({ wall, counter, node: DEMO_DEVICE })
  const participants = people.filter((person) => person.year !== undefined)
  for (const person of participants) {
    for (const day of pastStudyDays(person.year as number, today, DEMO_MARKED_DAYS)) {
      const mark = demoMark(`${person.username}/${day.id}`)
      attendance.push({
        id: `seed-a-${String(attendance.length).padStart(6, '0')}`,
        collection: 'attendance',
        recordId: `${day.id}:${person.username}`,
        hlc: stamp(day.to, attendance.length % 1000),
        deviceId: DEMO_DEVICE,
        fields: mark === 'late' ? { mark, note: wordsOf(person, 'traffic') } : { mark },
      })
      if (mark === 'excused') {
        const id = `seed-b-${String(absences.length).padStart(6, '0')}`
        absences.push({
          id,
          collection: 'absences',
          recordId: id,
          hlc: stamp(day.from - 86_400_000, absences.length % 1000),
          deviceId: DEMO_DEVICE,
          fields: {
            participant: person.username,
            fromDay: day.dayStr,
            toDay: day.dayStr,
            reason: wordsOf(person, 'illness'),
            excused: true,
            deleted: false,
          },
        })
      }
    }
  }
  // Reported ahead: the demo participant and every seventh participant are away on a day of
  // their year's next block.
  for (const person of participants.filter((_, index) => index % 7 === 0)) {
    // A calendar with no coming study day for the year (a programme that has ended, as the
    // first calendar has by now) still gets the report, two weeks ahead: every participant's
    // screens have an absence of their own to show.
    const ahead = comingStudyDay(person.year as number, today, 3)?.dayStr ?? addDays(today, 14)
    const id = `seed-b-${String(absences.length).padStart(6, '0')}`
    absences.push({
      id,
      collection: 'absences',
      recordId: id,
      hlc: stamp(now - 3_600_000, absences.length % 1000),
      deviceId: DEMO_DEVICE,
      fields: {
        participant: person.username,
        fromDay: ahead,
        toDay: ahead,
        reason: wordsOf(person, 'trip'),
        excused: false,
        deleted: false,
      },
    })
  }
  return { attendance, absences }
}

/**
 * Each demo participant's enrolment in their programme year, accepted by the demo seed: the
 * participant lists are built from accepted enrolments.
 */
export function demoEnrolments(people: readonly DemoPerson[], now: number): Enrolment[] {
  const at = new Date(now).toISOString()
  return people.flatMap((person) => {
    if (person.year === undefined) return []
    const change = { by: DEMO_DEVICE, at }
    const applied = transition(null, 'apply', {
      ...change,
      person: person.username,
      year: person.year,
    })
    if (!applied.ok) return []
    const accepted = transition(applied.enrolment, 'accept', change)
    return accepted.ok ? [accepted.enrolment] : []
  })
}

/** Someone who applied and waits on /prijave: a blocked account with no role (registration). */
export interface DemoApplicant {
  _id: string
  username: string
  email: string
  firstName: string
  lastName: string
  country: string
  phone: string
  roles: []
  status: 'blocked'
  /** The programme year applied for. */
  applyingFor: number
}

const APPLICANTS: [string, string, string, number][] = [
  ['Lana', 'Jereb', 'SI', 1],
  ['Sven', 'Huber', 'AT', 1],
  ['Mojca', 'Rupnik', 'SI', 2],
]

export const DEMO_APPLICANT_COUNT = APPLICANTS.length

/** Three applications waiting for a registration editor, so /prijave has work on a fresh clone. */
export function demoApplicants(): DemoApplicant[] {
  return APPLICANTS.map(([firstName, lastName, country, year], index) => {
    const username = `${ascii(firstName)}.${ascii(lastName)}@demo.test`
    return {
      _id: username,
      username,
      email: username,
      firstName,
      lastName,
      country,
      phone: phoneFor(ROLES.length + PARTICIPANTS.length + index),
      roles: [],
      status: 'blocked',
      applyingFor: year,
    }
  })
}

/** Each applicant's `applied` enrolment, made by the applicant, as a registration makes it. */
export function demoApplications(applicants: readonly DemoApplicant[], now: number): Enrolment[] {
  const at = new Date(now).toISOString()
  return applicants.flatMap((applicant) => {
    const applied = transition(null, 'apply', {
      by: applicant.username,
      at,
      person: applicant.username,
      year: applicant.applyingFor,
    })
    return applied.ok ? [applied.enrolment] : []
  })
}
