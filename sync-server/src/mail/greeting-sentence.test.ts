// A Slovenian greeting ends with an exclamation mark ("Pozdravljeni, Ana!"), so the paragraph
// after it is a new sentence and starts with a capital letter; the English one ends with a comma
// ("Hello Ana,") and the letter continues in lower case (docs/product-rules.md#language).
import { describe, expect, it } from 'vitest'
import { acceptedMail, declinedMail, withdrawnMail } from './enrolment'
import { placeFreedMail, sessionCancelledMail } from './makeups'
import type { MailMessage } from './outbox'

const ana = { to: 'ana@example.si', firstName: 'Ana', year: 4 }
const session = { dayStr: '2026-12-05', fromHour: '10:00', toHour: '13:00', place: 'Studio' }

/** The first paragraph after the greeting. */
const afterGreeting = (mail: MailMessage) => mail.text.split('\n\n')[1] ?? ''

describe.each([
  ['accepted', (language: 'sl' | 'en') => acceptedMail({ ...ana, language }, 'http://x/set')],
  ['declined', (language: 'sl' | 'en') => declinedMail({ ...ana, language }, 'Ni mest.')],
  ['withdrawn', (language: 'sl' | 'en') => withdrawnMail({ ...ana, language }, 'Izpis.')],
  ['place freed', (language: 'sl' | 'en') => placeFreedMail({ ...ana, language }, session)],
  ['cancelled', (language: 'sl' | 'en') => sessionCancelledMail({ ...ana, language }, session)],
])('the %s mail', (_name, compose) => {
  it('in Slovenian: "Pozdravljeni, Ana!" and a capital letter after it', () => {
    const mail = compose('sl')
    expect(mail.text.split('\n\n')[0]).toBe('Pozdravljeni, Ana!')
    expect(afterGreeting(mail)).toMatch(/^\p{Lu}/u)
  })

  it('in English: "Hello Ana," and the sentence continuing in lower case', () => {
    const mail = compose('en')
    expect(mail.text.split('\n\n')[0]).toBe('Hello Ana,')
    expect(afterGreeting(mail)).toMatch(/^\p{Ll}/u)
  })
})
