// The e-mails of an application's decisions (docs/product-rules.md#enrolment), in the person's
// language (compose.ts escapes every value, the registrar's reason included).
import type { Lang } from '@lfit/domain/messages/bilingual'
import { composeMail, greeting } from './compose'
import type { MailMessage } from './outbox'

export interface EnrolmentMailTo {
  to: string
  firstName: string
  language: Lang
  year: number
}

/** Accepted: the account is active; the link sets a password (single use, a week). */
export function acceptedMail(person: EnrolmentMailTo, link: string): MailMessage {
  const hello = greeting(person.firstName)
  return composeMail('applicationAccepted', person.to, person.language, {
    sl: {
      subject: 'LFIT: vloga sprejeta',
      paragraphs: [
        hello.sl,
        `Vašo vlogo za vpis v ${person.year}. letnik programa LFIT smo sprejeli. Vaš račun ${person.to} je aktiven.`,
        'Prijavite se lahko z geslom, ki ste ga izbrali, ali pa si s spodnjo povezavo nastavite novo. Povezava deluje enkrat in en teden.',
      ],
      link: { url: link, label: 'Nastavite geslo' },
    },
    en: {
      subject: 'LFIT: application accepted',
      paragraphs: [
        hello.en,
        `your application for year ${person.year} of the LFIT programme is accepted. Your account ${person.to} is active.`,
        'You can log in with the password you chose, or set a new one with the link below. The link works once, for one week.',
      ],
      link: { url: link, label: 'Set your password' },
    },
  })
}

/** Declined, with the registrar's reason. */
export function declinedMail(person: EnrolmentMailTo, reason: string): MailMessage {
  const hello = greeting(person.firstName)
  return composeMail('applicationDeclined', person.to, person.language, {
    sl: {
      subject: 'LFIT: vloga ni bila sprejeta',
      paragraphs: [
        hello.sl,
        `Vaše vloge za vpis v ${person.year}. letnik programa LFIT žal nismo mogli sprejeti.`,
        `Razlog: ${reason}`,
        'Če imate vprašanja, odgovorite na to sporočilo.',
      ],
    },
    en: {
      subject: 'LFIT: application not accepted',
      paragraphs: [
        hello.en,
        `we are sorry, we could not accept your application for year ${person.year} of the LFIT programme.`,
        `Reason: ${reason}`,
        'If you have any questions, reply to this message.',
      ],
    },
  })
}

/** Withdrawn from a year they were accepted in, with the reason. */
export function withdrawnMail(person: EnrolmentMailTo, reason: string): MailMessage {
  const hello = greeting(person.firstName)
  return composeMail('enrolmentWithdrawn', person.to, person.language, {
    sl: {
      subject: 'LFIT: vpis odjavljen',
      paragraphs: [
        hello.sl,
        `Vaš vpis v ${person.year}. letnik programa LFIT je odjavljen.`,
        `Razlog: ${reason}`,
        'Če gre za pomoto, odgovorite na to sporočilo.',
      ],
    },
    en: {
      subject: 'LFIT: enrolment withdrawn',
      paragraphs: [
        hello.en,
        `your enrolment in year ${person.year} of the LFIT programme is withdrawn.`,
        `Reason: ${reason}`,
        'If this is a mistake, reply to this message.',
      ],
    },
  })
}
