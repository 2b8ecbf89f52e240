// Every kind of sync notice, queued edit and sync error, rendered in both languages with the real
// catalogs: the sentences name people, days and marks, never an id, a field name, a UUID or JSON.
import { setupI18n, type I18n } from '@lingui/core'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Mutation, SyncCollection } from '@lfit/domain/sync/protocol'
import { SYNCED } from '@lfit/domain/sync/registry'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import { messages as en } from '../locales/en.po'
import { messages as sl } from '../locales/sl.po'
import type { SyncNotice } from './database'
import {
  describeNotice,
  describeQueued,
  describeSyncError,
  type NoticeContext,
} from './notice-words'

const RECORD = 'lfit_20261117:hana.kos@demo.test'
const ABSENCE_ID = '3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b'
const HLC = '0001a2b3c4d5e6:0000:dev-1'

/**
 * What must never reach a user: ids, field names, UUIDs, JSON, cursors. (A person this device
 * has no name for is shown by their login, an e-mail address: that names a person.)
 */
const TECHNICAL = [
  /lfit_\d{8}/,
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i,
  /[{}[\]"]/,
  /\b(mark|note|fromDay|toDay|participant|excused|deleted|recordId|collection|undefined|null|NaN)\b\s*[:=]/,
  /\b(fromDay|toDay|recordId|undefined|NaN|invalidFields|wrongCollection|idTaken)\b/,
  /\d+:\d+:/,
  /\{\w+\}/,
]

function expectReadable(text: string) {
  for (const pattern of TECHNICAL) expect(text, `${pattern} in "${text}"`).not.toMatch(pattern)
}

const people: Record<string, string> = {
  'hana.kos@demo.test': 'Hana Kos',
  'admin@demo.test': 'Demo Admin',
  'presenceeditor@demo.test': 'Demo Editor',
}
const context = (current?: Record<string, unknown>): NoticeContext => ({
  me: 'presenceeditor@demo.test',
  nameOf: (username) => people[username],
  current,
})

const base = { user: 'presenceeditor@demo.test', madeAt: Date.UTC(2026, 10, 17, 13, 5) }
const by = (user: string) => ({ hlc: HLC, user, deviceId: 'tablet-2' })
const reason = (code: string, en: string, sl: string) => ({ code, message: { en, sl } })

const NOTICES: { name: string; notice: SyncNotice; current?: Record<string, unknown> }[] = [
  {
    name: 'mark replaced by another editor',
    notice: {
      ...base,
      id: 'n1',
      kind: 'superseded',
      collection: 'attendance',
      recordId: RECORD,
      fields: { mark: 'late' },
      by: by('admin@demo.test'),
    },
    current: { mark: 'present' },
  },
  {
    name: 'mark replaced from my other device',
    notice: {
      ...base,
      id: 'n2',
      kind: 'superseded',
      collection: 'attendance',
      recordId: RECORD,
      fields: { mark: null },
      by: by('presenceeditor@demo.test'),
    },
    current: { mark: 'absent' },
  },
  {
    name: 'note replaced, the later editor unknown here',
    notice: {
      ...base,
      id: 'n3',
      kind: 'superseded',
      collection: 'attendance',
      recordId: RECORD,
      fields: { note: 'came at 10' },
      by: by('someone.else@demo.test'),
    },
  },
  {
    name: 'mark refused by a rule',
    notice: {
      ...base,
      id: 'n4',
      kind: 'rejected',
      collection: 'attendance',
      recordId: RECORD,
      fields: { mark: 'excused' },
      reason: reason(
        'forbidden',
        'only presence editors record attendance',
        'prisotnost vpisujejo le urejevalci',
      ),
    },
  },
  {
    name: 'note refused as malformed (the server text names fields)',
    notice: {
      ...base,
      id: 'n5',
      kind: 'rejected',
      collection: 'attendance',
      recordId: RECORD,
      fields: { note: 'x' },
      reason: reason(
        'invalidFields',
        'the fields are not valid: note: too long',
        'polja niso veljavna: note: too long',
      ),
    },
  },
  {
    name: 'mark on a record id that is not a day',
    notice: {
      ...base,
      id: 'n6',
      kind: 'rejected',
      collection: 'attendance',
      recordId: 'garbage',
      fields: { mark: 'present' },
      reason: reason(
        'unknownDay',
        'attendance is recorded for study days of the schedule only',
        'prisotnost se vpisuje le za učne dneve urnika',
      ),
    },
  },
  {
    name: 'absence replaced',
    notice: {
      ...base,
      id: 'n7',
      kind: 'superseded',
      collection: 'absences',
      recordId: ABSENCE_ID,
      fields: { reason: 'ill' },
      by: by('admin@demo.test'),
    },
    current: { participant: 'hana.kos@demo.test', fromDay: '2026-11-17', toDay: '2026-11-19' },
  },
  {
    name: 'absence refused, not on this device',
    notice: {
      ...base,
      id: 'n8',
      kind: 'rejected',
      collection: 'absences',
      recordId: ABSENCE_ID,
      fields: {
        participant: 'hana.kos@demo.test',
        fromDay: '2026-11-17',
        toDay: '2026-11-17',
        excused: true,
      },
      reason: reason(
        'incomplete',
        'a new record needs the fields fromDay',
        'nov zapis potrebuje polja fromDay',
      ),
    },
  },
  {
    name: 'absence change from my other device, days unknown',
    notice: {
      ...base,
      id: 'n9',
      kind: 'superseded',
      collection: 'absences',
      recordId: ABSENCE_ID,
      fields: { excused: true },
      by: by('presenceeditor@demo.test'),
    },
  },
  {
    name: 'make-up mark replaced by another editor',
    notice: {
      ...base,
      id: 'n10',
      kind: 'superseded',
      collection: 'makeupAttendance',
      recordId: 'm-2026-12-05:hana.kos@demo.test',
      fields: { mark: 'present' },
      by: by('admin@demo.test'),
    },
  },
  {
    name: 'make-up note refused',
    notice: {
      ...base,
      id: 'n11',
      kind: 'rejected',
      collection: 'makeupAttendance',
      recordId: '6f1c2a3b-1111-4222-8333-944455556666:hana.kos@demo.test',
      fields: { note: 'came late' },
      reason: reason(
        'forbidden',
        'only presence and make-up editors record make-up attendance',
        'prisotnost na nadomeščanjih vpisujejo le urejevalci',
      ),
    },
  },
]

const catalogs: Record<string, I18n> = {}
beforeAll(() => {
  for (const [locale, messages] of Object.entries({ en, sl })) {
    catalogs[locale] = setupI18n({ locale, messages: { [locale]: messages } })
  }
})

describe('describeNotice', () => {
  it('says whose mark, on which day, what it was and what replaced it', () => {
    const [first] = NOTICES
    expect(describeNotice(catalogs.en as I18n, first!.notice, context(first!.current))).toBe(
      "Your mark for Hana Kos on Tue 17 Nov 2026 (Late) was replaced by Demo Admin's later mark (Present).",
    )
    const slText = describeNotice(catalogs.sl as I18n, first!.notice, context(first!.current))
    expect(slText).toContain('Hana Kos')
    expect(slText).toContain('tor., 17. 11. 2026')
    expect(slText).toContain('Demo Admin')
  })

  it('names the person of a make-up mark, never the session id', () => {
    expect(describeNotice(catalogs.en as I18n, NOTICES[9]!.notice, context())).toBe(
      "Your mark for Hana Kos at a make-up session (Present) was replaced by Demo Admin's later edit.",
    )
  })

  it('gives a refusal its reason in words', () => {
    const refused = NOTICES[3]!
    expect(describeNotice(catalogs.en as I18n, refused.notice, context())).toBe(
      'Your mark for Hana Kos on Tue 17 Nov 2026 (Excused) was not accepted: only presence editors record attendance.',
    )
    expect(describeNotice(catalogs.sl as I18n, refused.notice, context())).toContain(
      'prisotnost vpisujejo le urejevalci',
    )
  })

  // A tablet 46 days behind: the mark it lost to was made earlier, on the desk, and is "later"
  // only by the stamps (docs/sync-protocol.md#stamps-and-clocks).
  const behind = (collection: SyncCollection, recordId: string, fields: Record<string, unknown>) =>
    ({
      ...base,
      id: 'behind',
      kind: 'superseded',
      collection,
      recordId,
      fields,
      madeAt: Date.UTC(2026, 9, 2, 9, 30),
      receivedAt: Date.UTC(2026, 9, 2, 9, 31),
      by: {
        hlc: encodeHlc({ wall: Date.UTC(2026, 10, 17, 9, 0), counter: 0, node: 'desk' }),
        user: 'presenceeditor@demo.test',
        deviceId: 'desk',
      },
    }) satisfies SyncNotice

  it('says the clock is behind when a mark lost only by this device’s clock', () => {
    const notice = behind('attendance', RECORD, { mark: 'absent' })
    expect(describeNotice(catalogs.en as I18n, notice, context({ mark: 'present' }))).toBe(
      "Your mark for Hana Kos on Tue 17 Nov 2026 (Absent) was not kept: this device's clock is behind (it says Fri 2 Oct 2026), so your own mark made on another device on Tue 17 Nov 2026 (Present) counts as the later one. Set this device's date and time, then mark again.",
    )
    const slText = describeNotice(catalogs.sl as I18n, notice, context({ mark: 'present' }))
    expect(slText).toContain('pet., 2. 10. 2026')
    expect(slText).not.toBe(describeNotice(catalogs.en as I18n, notice, context()))
    // Within minutes of this device's clock the winner is simply later.
    const close = { ...notice, receivedAt: Date.UTC(2026, 10, 17, 8, 59) }
    expect(describeNotice(catalogs.en as I18n, close, context({ mark: 'present' }))).toContain(
      'your later mark from another device',
    )
  })

  it('adds that the clock is behind to a change of any other record', () => {
    const notice = behind('materials', 'material-1', { titleEn: 'Breathing' })
    expect(describeNotice(catalogs.en as I18n, notice, context())).toBe(
      "Your change to the material “Breathing” was replaced by your later change from another device. This device's clock is behind (it says Fri 2 Oct 2026; the other change was made on Tue 17 Nov 2026): set its date and time.",
    )
  })

  it('says a mark made offline on a day since removed from the timetable is kept, with its day and mark', () => {
    const kept: SyncNotice = {
      ...base,
      id: 'n-kept',
      kind: 'kept',
      collection: 'attendance',
      recordId: RECORD,
      fields: { mark: 'present' },
      reason: reason(
        'notStudyDay',
        'the mark is kept, but the day is no longer a study day of the calendar',
        'prisotnost je shranjena, a dan ni več učni dan urnika',
      ),
    }
    expect(describeNotice(catalogs.en as I18n, kept, context())).toBe(
      'Your mark for Hana Kos on Tue 17 Nov 2026 (Present) is kept, but that day is no longer a study day of the timetable: a calendar editor will move it or clear it.',
    )
    const slText = describeNotice(catalogs.sl as I18n, kept, context())
    expect(slText).toContain('tor., 17. 11. 2026')
    // The mark in the neutral word that fits everyone (docs/product-rules.md#words), never "Prisoten".
    expect(slText).toContain('(Prisotnost)')
    expect(slText).toContain('ni več učni dan')
    expectReadable(slText)
    const absence = { ...kept, collection: 'absences' as const, recordId: ABSENCE_ID }
    expect(describeNotice(catalogs.en as I18n, absence, context())).toBe(
      'the mark is kept, but the day is no longer a study day of the calendar',
    )
  })

  for (const locale of ['en', 'sl'])
    it.each(NOTICES)(
      `${locale}: $name reads without ids, fields or JSON`,
      ({ notice, current }) => {
        const text = describeNotice(catalogs[locale] as I18n, notice, context(current))
        expect(text.length).toBeGreaterThan(20)
        expectReadable(text)
      },
    )
})

describe('describeQueued and describeSyncError', () => {
  const mutations: Mutation[] = [
    {
      id: 'm1',
      collection: 'attendance',
      recordId: RECORD,
      hlc: HLC,
      deviceId: 'd',
      fields: { mark: 'late' },
    },
    {
      id: 'm2',
      collection: 'attendance',
      recordId: RECORD,
      hlc: HLC,
      deviceId: 'd',
      fields: { note: 'late bus' },
    },
    {
      id: 'm3',
      collection: 'absences',
      recordId: ABSENCE_ID,
      hlc: HLC,
      deviceId: 'd',
      fields: { participant: 'hana.kos@demo.test', fromDay: '2026-11-17', toDay: '2026-11-18' },
    },
    {
      id: 'm4',
      collection: 'absences',
      recordId: ABSENCE_ID,
      hlc: HLC,
      deviceId: 'd',
      fields: { deleted: true },
    },
    {
      id: 'm5',
      collection: 'makeupAttendance',
      recordId: 'm-2026-12-05:hana.kos@demo.test',
      hlc: HLC,
      deviceId: 'd',
      fields: { mark: 'late' },
    },
  ]
  for (const locale of ['en', 'sl'])
    it.each(mutations)(`${locale}: queued edit $id reads without ids`, (mutation) => {
      expectReadable(describeQueued(catalogs[locale] as I18n, mutation, context()))
    })

  it('names the queued mark in words', () => {
    expect(describeQueued(catalogs.en as I18n, mutations[0]!, context())).toBe(
      'Mark for Hana Kos on Tue 17 Nov 2026: Late',
    )
  })

  const errors = [
    'offline',
    'signed out',
    'update required',
    'server 503: the server did not answer for every edit',
    'unreadable answer: Expected object, received string at "changes.attendance"',
    'Failed to fetch',
  ]
  for (const locale of ['en', 'sl'])
    it.each(errors)(`${locale}: sync error %j in words`, (error) => {
      const text = describeSyncError(catalogs[locale] as I18n, error) ?? ''
      expect(text).not.toBe('')
      expect(text).not.toContain(error)
      expectReadable(text)
    })
})

/**
 * One edit of each synced collection and how the queue words it in English: a collection added
 * to the registry without its own words fails here (docs/0035).
 */
const EACH_COLLECTION: Record<
  SyncCollection,
  { recordId: string; fields: Record<string, unknown>; queued: string }
> = {
  attendance: {
    recordId: RECORD,
    fields: { mark: 'late' },
    queued: 'Mark for Hana Kos on Tue 17 Nov 2026: Late',
  },
  absences: {
    recordId: ABSENCE_ID,
    fields: { participant: 'hana.kos@demo.test', fromDay: '2026-11-17', toDay: '2026-11-17' },
    queued: 'Absence of Hana Kos (Tue 17 Nov 2026)',
  },
  makeupAttendance: {
    recordId: 'm-2026-12-05:hana.kos@demo.test',
    fields: { mark: 'present' },
    queued: 'Make-up mark for Hana Kos: Present',
  },
  materials: {
    recordId: ABSENCE_ID,
    fields: { titleEn: 'Breathing basics', titleSl: 'Osnove dihanja' },
    queued: 'Material “Breathing basics”',
  },
  library: {
    recordId: ABSENCE_ID,
    fields: { title: 'Yoga anatomy' },
    queued: 'Library item “Yoga anatomy”',
  },
  mediaNotes: {
    recordId: ABSENCE_ID,
    fields: { text: 'breathe out here' },
    queued: 'Note on a recording',
  },
  mediaProgress: {
    recordId: 'rec-1:hana.kos@demo.test',
    fields: { position: 42 },
    queued: 'Where you stopped in a recording',
  },
  calendar: {
    recordId: 'cal_6741f0a2b3c4d5e6f7a8b9c0',
    fields: { from: '2026-12-07' },
    queued: 'Change of the timetable',
  },
}

describe('every synced collection in its own words', () => {
  const collections = Object.keys(SYNCED) as SyncCollection[]

  it.each(collections)('%s: the queue names its record as its entry says', (collection) => {
    const { recordId, fields, queued } = EACH_COLLECTION[collection]
    const mutation = { id: 'q1', collection, recordId, hlc: HLC, deviceId: 'd', fields }
    expect(describeQueued(catalogs.en as I18n, mutation, context())).toBe(queued)
  })

  for (const locale of ['en', 'sl'])
    it.each(collections)(
      `${locale}: %s notices read without ids and are not an absence's`,
      (collection) => {
        const { recordId, fields } = EACH_COLLECTION[collection]
        const i18n = catalogs[locale] as I18n
        const edit = { ...base, id: 'e1', collection, recordId, fields }
        const texts = [
          describeNotice(
            i18n,
            { ...edit, kind: 'superseded', by: by('admin@demo.test') },
            context(),
          ),
          describeNotice(i18n, { ...edit, kind: 'superseded', by: by(base.user) }, context()),
          describeNotice(
            i18n,
            { ...edit, kind: 'rejected', reason: reason('forbidden', 'not yours', 'ni vaše') },
            context(),
          ),
          describeQueued(
            i18n,
            { id: 'q1', collection, recordId, hlc: HLC, deviceId: 'd', fields },
            context(),
          ),
        ]
        for (const text of texts) {
          expectReadable(text)
          if (SYNCED[collection].wording !== 'absence')
            expect(text).not.toMatch(/absence|odsotnost/i)
        }
        // Replaced by someone else, by the user elsewhere, refused: three different sentences.
        expect(new Set(texts.slice(0, 3)).size).toBe(3)
      },
    )

  it('words a collection this build does not sync as unknown, never as an absence', () => {
    const mutation = {
      id: 'q1',
      collection: 'retired' as SyncCollection,
      recordId: ABSENCE_ID,
      hlc: HLC,
      deviceId: 'd',
      fields: {},
    }
    expect(describeQueued(catalogs.en as I18n, mutation, context())).toBe(
      'A change this version of the app cannot describe.',
    )
  })
})
