// The e-mails of a forgotten password, in the recipient's language (compose.ts,
// docs/security.md#password-links). The link is the only way in: it works once, for an hour.
import type { Lang } from '@lfit/domain/messages/bilingual'
import { composeMail } from './compose'
import type { MailMessage } from './outbox'

/** To the owner of an account who asked for a new password: the single-use link. */
export function passwordResetMail(to: string, language: Lang, url: string): MailMessage {
  return composeMail('passwordReset', to, language, {
    sl: {
      subject: 'LFIT: novo geslo',
      paragraphs: [
        'Pozdravljeni,',
        `za račun ${to} ste v aplikaciji LFIT prosili za novo geslo. S spodnjo povezavo si ga izberete. Povezava velja eno uro in le enkrat; ko geslo spremenite, vas odjavimo na vseh napravah.`,
        'Če za novo geslo niste prosili vi, tega sporočila ne upoštevajte: vaše geslo ostane, kot je.',
      ],
      link: { url, label: 'Izberite novo geslo' },
    },
    en: {
      subject: 'LFIT: new password',
      paragraphs: [
        'Hello,',
        `you asked for a new password for the account ${to} in the LFIT app. Choose it with the link below. The link works once, for one hour; once you change the password, you are logged out on every device.`,
        'If you did not ask for a new password, ignore this message: your password stays as it is.',
      ],
      link: { url, label: 'Choose a new password' },
    },
  })
}

/**
 * To an applicant nobody has accepted yet who asked for a new password: no link (the account
 * cannot log in yet), but the word that the welcome e-mail brings one.
 */
export function passwordResetPendingMail(to: string, language: Lang): MailMessage {
  return composeMail('passwordResetPending', to, language, {
    sl: {
      subject: 'LFIT: prijava še čaka na potrditev',
      paragraphs: [
        'Pozdravljeni,',
        `za račun ${to} ste v aplikaciji LFIT prosili za novo geslo. Vaša prijava še čaka na potrditev naše ekipe, zato se še ne morete prijaviti. Ko jo sprejmemo, vam pošljemo sporočilo s povezavo, s katero si izberete geslo.`,
        'Če za novo geslo niste prosili vi, tega sporočila ne upoštevajte.',
      ],
    },
    en: {
      subject: 'LFIT: application still waiting',
      paragraphs: [
        'Hello,',
        `you asked for a new password for the account ${to} in the LFIT app. Your application is still waiting for our team to accept it, so you cannot log in yet. Once we accept it, we will send you a message with a link to choose your password.`,
        'If you did not ask for a new password, ignore this message.',
      ],
    },
  })
}
