// The e-mails of make-up sessions (docs/product-rules.md#make-ups-and-attendance-rules), in the
// participant's language: a place freed for someone on the waitlist, and a cancelled session.
// The date is written out in full, never as a bare number date.
import type { Lang } from '@lfit/domain/messages/bilingual'
import type { MakeupSession } from '@lfit/domain/makeups/sessions'
import { zonedTimeToEpoch } from '@lfit/domain/schedule/time'
import { composeMail, greeting, longDate } from './compose'
import type { MailMessage } from './outbox'

export interface MakeupMailTo {
  to: string
  firstName: string
  language: Lang
}

type SessionText = Pick<MakeupSession, 'dayStr' | 'fromHour' | 'toHour' | 'place'>

/** "sobota, 5. december 2026, 10:00–13:00, Studio …" / "Saturday, 5 December 2026, 10:00–13:00, Studio …". */
export function sessionText(session: SessionText, language: Lang): string {
  const date = longDate(zonedTimeToEpoch(session.dayStr, session.fromHour), language)
  return `${date}, ${session.fromHour}–${session.toHour}, ${session.place}`
}

/** A place became free and is now theirs: they moved up from the waitlist. */
export function placeFreedMail(person: MakeupMailTo, session: SessionText): MailMessage {
  const hello = greeting(person.firstName)
  return composeMail('makeupPlaceConfirmed', person.to, person.language, {
    sl: {
      subject: 'LFIT: sprostilo se je mesto na nadomeščanju',
      paragraphs: [
        hello.sl,
        `Na nadomeščanju, kjer ste bili na čakalni listi, se je sprostilo mesto in je zdaj vaše: ${sessionText(session, 'sl')}.`,
        'Če se ga ne morete udeležiti, se odjavite v aplikaciji, da mesto dobi naslednji na čakalni listi.',
      ],
    },
    en: {
      subject: 'LFIT: a place on a make-up session is yours',
      paragraphs: [
        hello.en,
        `a place became free on the make-up session you were waitlisted for, and it is now yours: ${sessionText(session, 'en')}.`,
        'If you cannot attend, cancel your sign-up in the app so the next person on the waitlist gets the place.',
      ],
    },
  })
}

/** The session is cancelled; they were signed up or on its waitlist. */
export function sessionCancelledMail(person: MakeupMailTo, session: SessionText): MailMessage {
  const hello = greeting(person.firstName)
  return composeMail('makeupSessionCancelled', person.to, person.language, {
    sl: {
      subject: 'LFIT: nadomeščanje je odpovedano',
      paragraphs: [
        hello.sl,
        `Nadomeščanje, na katerega ste bili prijavljeni, je odpovedano: ${sessionText(session, 'sl')}.`,
        'Drugo nadomeščanje za zamujene dneve izberete v aplikaciji pod Prijava na nadomeščanje.',
      ],
    },
    en: {
      subject: 'LFIT: make-up session cancelled',
      paragraphs: [
        hello.en,
        `the make-up session you signed up for is cancelled: ${sessionText(session, 'en')}.`,
        'You can choose another make-up session for your missed days in the app, under Make-up sign-up.',
      ],
    },
  })
}
