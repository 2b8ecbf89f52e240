// Every kind of app event in both languages with the real catalogs: words, never a role id, a
// cursor or JSON, and the Slovenian is not the English left untranslated.
import { setupI18n, type I18n } from '@lingui/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { messages as en } from '../locales/en.po'
import { messages as sl } from '../locales/sl.po'
import type { AppEvent } from './bus'
import { describeEvent } from './words'

const EVENTS: AppEvent[] = [
  ...(['idle', 'syncing', 'offline', 'signedOut', 'error', 'updateRequired'] as const).map(
    (state): AppEvent => ({ kind: 'sync', at: 0, detail: { state } }),
  ),
  ...(['checked', 'newBuild', 'failed'] as const).map((state): AppEvent => ({
    kind: 'update',
    at: 0,
    detail: { state },
  })),
  ...(['signedIn', 'signedOut', 'lapsed', 'rolesChanged'] as const).map((state): AppEvent => ({
    kind: 'session',
    at: 0,
    detail: { state, roles: ['presenceEditor'] },
  })),
  ...(['connecting', 'open', 'closed', 'unavailable'] as const).map((state): AppEvent => ({
    kind: 'live',
    at: 0,
    detail: { state },
  })),
  { kind: 'live', at: 0, detail: { message: 'poke', direction: 'in' } },
  { kind: 'live', at: 0, detail: { message: 'ping', direction: 'out' } },
  { kind: 'live', at: 0, detail: { message: 'pong', direction: 'in', rttMs: 12 } },
]

let english: I18n
let slovenian: I18n
beforeAll(() => {
  english = setupI18n({ locale: 'en', messages: { en } })
  slovenian = setupI18n({ locale: 'sl', messages: { sl } })
})

describe('app events in words', () => {
  it.each(EVENTS.map((event) => [`${event.kind} ${JSON.stringify(event.detail)}`, event] as const))(
    '%s',
    (_, event) => {
      const inEnglish = describeEvent(english, event)
      const inSlovenian = describeEvent(slovenian, event)
      for (const words of [inEnglish, inSlovenian]) {
        expect(words).not.toMatch(/presenceEditor|[{}[\]"]|undefined/)
        expect(words.length).toBeGreaterThan(3)
      }
      expect(inSlovenian).not.toBe(inEnglish)
    },
  )
})
