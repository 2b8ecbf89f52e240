// The texts of the server's e-mails, in both languages in one message: the server does not know
// which language the reader prefers when they register.
import type { MailMessage } from './outbox'

const both = (sl: string, en: string) => `${sl}\n\n———\n\n${en}\n`

/** To a new registrant: the account exists and waits for acceptance before the first login. */
export function welcomeMail(to: string, firstName: string): MailMessage {
  const next = {
    sl: 'Preden se lahko prvič prijavite, mora vašo registracijo potrditi naša ekipa; ko jo potrdi, se prijavite z geslom, ki ste ga izbrali.',
    en: 'Before you can log in for the first time, our team must accept your registration; once accepted, log in with the password you chose.',
  }
  return {
    kind: 'welcome',
    to,
    subject: 'Dobrodošli v LFIT / Welcome to LFIT',
    text: both(
      `Pozdravljeni, ${firstName}!\n\nHvala za registracijo v aplikaciji LFIT. Vaš račun ${to} je ustvarjen. ${next.sl}\n\nČe se niste registrirali vi, odgovorite na to sporočilo.`,
      `Hello ${firstName},\n\nThank you for registering with the LFIT app. Your account ${to} is created. ${next.en}\n\nIf you did not register, reply to this message.`,
    ),
  }
}

/** To the owner of an address someone tried to register again: nothing changed. */
export function registrationAttemptMail(to: string): MailMessage {
  return {
    kind: 'registrationAttempt',
    to,
    subject: 'LFIT: poskus registracije / registration attempt',
    text: both(
      'Pozdravljeni,\n\nnekdo je pravkar poskusil registracijo v aplikaciji LFIT s tem e-naslovom, ki že ima račun. Računa nismo spremenili. Če ste bili to vi, se prijavite s svojim geslom; če ga ne veste več, se obrnite na skrbnika. Če to niste bili vi, vam ni treba storiti ničesar.',
      'Hello,\n\nsomeone just tried to register with the LFIT app using this e-mail address, which already has an account. The account was not changed. If it was you, log in with your password; if you have forgotten it, contact an administrator. If it was not you, there is nothing you need to do.',
    ),
  }
}
