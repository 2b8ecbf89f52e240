// The e-mails of the sign-up lists (docs/product-rules.md#sign-up-lists), in the language of the
// form the visitor used: what was received, and a registration editor's confirmation or
// cancellation. The day is written out in full, never as a bare number date.
import type { Lang } from '@lfit/domain/messages/bilingual'
import type { SignupKind, StoredSignup } from '@lfit/domain/records/signups'
import { schedule } from '@lfit/domain/schedule'
import { composeMail, longDate } from './compose'
import type { MailMessage } from './outbox'

/** "ponedeljek, 16. november 2026, 14:00–18:00" / "Monday, 16 November 2026, 14:00–18:00". */
export function dayText(dayId: string, language: Lang): string {
  const day = schedule().dayById.get(dayId)
  if (!day || day.freeDay) return dayId
  const date = longDate(day.from, language)
  return `${date}, ${day.fromHour}–${day.toHour}`
}

const WHAT: Record<SignupKind, Record<Lang, string>> = {
  signup: { sl: 'prijavo', en: 'sign-up' },
  reservation: { sl: 'rezervacijo', en: 'reservation' },
}

const SUBJECT: Record<SignupKind, Record<Lang, string>> = {
  signup: { sl: 'LFIT: prijava na dan vadbe', en: 'LFIT: sign-up for a training day' },
  reservation: { sl: 'LFIT: rezervacija', en: 'LFIT: reservation' },
}

/** To the visitor, right after the form was stored: what we have, and that we will confirm. */
export function signupReceivedMail(kind: SignupKind, signup: StoredSignup): MailMessage {
  const when = (lang: Lang) => dayText(signup.dayId, lang)
  return composeMail(`${kind}Received`, signup.email, signup.language, {
    sl: {
      subject: `${SUBJECT[kind].sl} prejeta`,
      paragraphs: [
        `Pozdravljeni, ${signup.name}!`,
        `Prejeli smo vašo ${WHAT[kind].sl} za ${when('sl')}.`,
        `Ime: ${signup.name}\nE-naslov: ${signup.email}\nTelefon: +${signup.phone}`,
        ...(signup.message ? [`Vaše sporočilo:\n${signup.message}`] : []),
        'Ko jo pregledamo, vam jo potrdimo v novem sporočilu. Če je niste poslali vi, nam odgovorite na to sporočilo.',
      ],
    },
    en: {
      subject: `${SUBJECT[kind].en} received`,
      paragraphs: [
        `Hello ${signup.name},`,
        `We have received your ${WHAT[kind].en} for ${when('en')}.`,
        `Name: ${signup.name}\nE-mail: ${signup.email}\nPhone: +${signup.phone}`,
        ...(signup.message ? [`Your message:\n${signup.message}`] : []),
        'We will confirm it in another message once we have looked at it. If you did not send it, reply to this message.',
      ],
    },
  })
}

/** To the visitor, after a registration editor confirmed or cancelled the sign-up. */
export function signupDecisionMail(
  kind: SignupKind,
  signup: StoredSignup,
  status: 'confirmed' | 'cancelled',
): MailMessage {
  const when = (lang: Lang) => dayText(signup.dayId, lang)
  const confirmed = status === 'confirmed'
  return composeMail(
    `${kind}${confirmed ? 'Confirmed' : 'Cancelled'}`,
    signup.email,
    signup.language,
    {
      sl: {
        subject: `${SUBJECT[kind].sl} ${confirmed ? 'potrjena' : 'preklicana'}`,
        paragraphs: [
          `Pozdravljeni, ${signup.name}!`,
          confirmed
            ? `Vašo ${WHAT[kind].sl} za ${when('sl')} smo potrdili. Veselimo se vašega obiska.`
            : `Vašo ${WHAT[kind].sl} za ${when('sl')} smo žal morali preklicati. Za drug termin nam odgovorite na to sporočilo ali se prijavite znova.`,
        ],
      },
      en: {
        subject: `${SUBJECT[kind].en} ${confirmed ? 'confirmed' : 'cancelled'}`,
        paragraphs: [
          `Hello ${signup.name},`,
          confirmed
            ? `Your ${WHAT[kind].en} for ${when('en')} is confirmed. We look forward to seeing you.`
            : `We are sorry, your ${WHAT[kind].en} for ${when('en')} had to be cancelled. For another day, reply to this message or sign up again.`,
        ],
      },
    },
  )
}
