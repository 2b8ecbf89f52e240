// The account e-mails of registration, in the recipient's language (compose.ts).
import type { Lang } from '@lfit/domain/messages/bilingual'
import { composeMail } from './compose'
import type { MailMessage } from './outbox'

/** To a new applicant: the application is received and waits for a registration editor. */
export function welcomeMail(to: string, firstName: string, language: Lang): MailMessage {
  return composeMail('applicationReceived', to, language, {
    sl: {
      subject: 'LFIT: vloga prejeta',
      paragraphs: [
        `Pozdravljeni, ${firstName}!`,
        `Hvala za vlogo za vpis v program LFIT. Vaš račun ${to} je ustvarjen in čaka na potrditev naše ekipe. Ko vlogo sprejmemo, vam pošljemo sporočilo in se lahko prijavite z geslom, ki ste ga izbrali.`,
        'Če vloge niste oddali vi, odgovorite na to sporočilo.',
      ],
    },
    en: {
      subject: 'LFIT: application received',
      paragraphs: [
        `Hello ${firstName},`,
        `Thank you for applying to the LFIT programme. Your account ${to} is created and waits for our team to accept it. Once we accept your application we will write to you, and you can log in with the password you chose.`,
        'If you did not apply, reply to this message.',
      ],
    },
  })
}

/** To the owner of an address someone tried to register again: nothing changed. */
export function registrationAttemptMail(to: string, language: Lang): MailMessage {
  return composeMail('registrationAttempt', to, language, {
    sl: {
      subject: 'LFIT: poskus registracije',
      paragraphs: [
        'Pozdravljeni,',
        'nekdo je pravkar poskusil registracijo v aplikaciji LFIT s tem e-naslovom, ki že ima račun. Računa nismo spremenili. Če ste bili to vi, se prijavite s svojim geslom; če ga ne veste več, na strani za prijavo izberite »Ste pozabili geslo?«. Če to niste bili vi, vam ni treba storiti ničesar.',
      ],
    },
    en: {
      subject: 'LFIT: registration attempt',
      paragraphs: [
        'Hello,',
        'someone just tried to register with the LFIT app using this e-mail address, which already has an account. The account was not changed. If it was you, log in with your password; if you have forgotten it, choose "Forgot your password?" on the login page. If it was not you, there is nothing you need to do.',
      ],
    },
  })
}
