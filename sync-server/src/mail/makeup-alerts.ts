// The e-mails of a participant's standing against the attendance limits
// (docs/product-rules.md#make-ups-and-attendance-rules): sent once when they cross into "at risk"
// or "over a limit", to the participant and to every registration editor, each in their language.
import type { Lang } from '@lfit/domain/messages/bilingual'
import type { StandingAlert } from '@lfit/domain/makeups/alerts'
import { composeMail, greeting } from './compose'
import type { MakeupMailTo } from './makeups'
import type { MailMessage } from './outbox'

/** Whom the alert is about, as the registration editors are told. */
export interface AlertedParticipant {
  username: string
  firstName: string
  lastName: string
}

/** "4 učne dneve": the accusative after "zamudili ste", with Slovenian dual and plural forms. */
function studyDaysSl(n: number): string {
  const last = n % 100
  if (last === 1) return `${n} učni dan`
  if (last === 2) return `${n} učna dneva`
  if (last === 3 || last === 4) return `${n} učne dneve`
  return `${n} učnih dni`
}

function studyDaysEn(n: number): string {
  return n === 1 ? '1 study day' : `${n} study days`
}

function scopeText(alert: StandingAlert): Record<Lang, string> {
  return alert.scope === 'overall'
    ? { sl: 'v celotnem programu', en: 'over the whole programme' }
    : { sl: `v ${alert.scope}. letniku`, en: `in year ${alert.scope}` }
}

/** One sentence per crossing: how many days, where, against which limit, and what it means. */
function alertLines(alert: StandingAlert, subject: 'you' | string): Record<Lang, string> {
  const scope = scopeText(alert)
  const who = subject === 'you' ? { sl: 'Zamudili ste', en: 'You have missed' } : null
  // "Oseba" carries the verb's gender, so the sentence fits every person (docs/product-rules.md#words).
  const sl = who ? who.sl : `Oseba ${subject} je zamudila`
  const en = who ? who.en : `${subject} has missed`
  if (alert.level === 'overLimit') {
    return {
      sl: `${sl} ${studyDaysSl(alert.missed)} ${scope.sl}, več od dovoljenih ${alert.limit}: meja je presežena.`,
      en: `${en} ${studyDaysEn(alert.missed)} ${scope.en}, more than the ${alert.limit} allowed: the limit is exceeded.`,
    }
  }
  return {
    sl: `${sl} ${studyDaysSl(alert.missed)} ${scope.sl}; dovoljenih je največ ${alert.limit}, zato je meja blizu.`,
    en: `${en} ${studyDaysEn(alert.missed)} ${scope.en}; at most ${alert.limit} are allowed, so the limit is close.`,
  }
}

const overLimit = (alerts: readonly StandingAlert[]) =>
  alerts.some((alert) => alert.level === 'overLimit')

/** To the participant: where they stand, and where to find their make-ups. */
export function standingAlertMail(
  person: MakeupMailTo,
  alerts: readonly StandingAlert[],
): MailMessage {
  const hello = greeting(person.firstName)
  const lines = alerts.map((alert) => alertLines(alert, 'you'))
  const over = overLimit(alerts)
  return composeMail(over ? 'makeupOverLimit' : 'makeupAtRisk', person.to, person.language, {
    sl: {
      subject: over
        ? 'LFIT: presegli ste mejo zamujenih dni'
        : 'LFIT: bližate se meji zamujenih dni',
      paragraphs: [
        hello.sl,
        ...lines.map((line) => line.sl),
        over
          ? 'Za potrditev programa se čim prej obrnite na organizatorje.'
          : 'Zamujene dni lahko nadomestite: nadomeščanja, ki jih pokrivajo, najdete v aplikaciji pod Prijava na nadomeščanje.',
      ],
    },
    en: {
      subject: over
        ? 'LFIT: you are over the limit of missed days'
        : 'LFIT: you are close to the limit of missed days',
      paragraphs: [
        hello.en,
        ...lines.map((line) => line.en),
        over
          ? 'Please contact the organisers soon about completing the programme.'
          : 'You can make up missed days: the make-up sessions that cover them are in the app, under Make-up sign-up.',
      ],
    },
  })
}

/** To a registration editor: who crossed which limit, and where to see who needs make-ups. */
export function standingAlertStaffMail(
  editor: MakeupMailTo,
  about: AlertedParticipant,
  alerts: readonly StandingAlert[],
): MailMessage {
  const hello = greeting(editor.firstName)
  const name = [about.firstName, about.lastName].filter(Boolean).join(' ') || about.username
  const named = name === about.username ? name : `${name} (${about.username})`
  const lines = alerts.map((alert) => alertLines(alert, named))
  const over = overLimit(alerts)
  return composeMail(
    over ? 'makeupOverLimitStaff' : 'makeupAtRiskStaff',
    editor.to,
    editor.language,
    {
      sl: {
        subject: over
          ? `LFIT: ${name} je presegel(-la) mejo zamujenih dni`
          : `LFIT: ${name} se bliža meji zamujenih dni`,
        paragraphs: [
          hello.sl,
          ...lines.map((line) => line.sl),
          'Kdo potrebuje nadomeščanja, je v aplikaciji pod Nadomeščanja.',
        ],
      },
      en: {
        subject: over
          ? `LFIT: ${name} is over the limit of missed days`
          : `LFIT: ${name} is close to the limit of missed days`,
        paragraphs: [
          hello.en,
          ...lines.map((line) => line.en),
          'Who needs make-ups is listed in the app, under Make-ups.',
        ],
      },
    },
  )
}
