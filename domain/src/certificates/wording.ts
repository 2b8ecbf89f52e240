// The words printed on a certificate, in the language of its page (docs/product-rules.md#certificates).
// A certificate is a document in both languages whatever the reader's screen is set to, so its
// wording is data here, like the server's e-mails, and not the screen's translation catalogue.
import type { Lang } from '../messages/bilingual'
import type { Certificate, CertificateScope } from './record'

export const PROGRAMME_NAME: Record<Lang, string> = {
  sl: 'Ljubljana LFIT – mednarodni izobraževalni program',
  en: 'Ljubljana LFIT – international training programme',
}

const MONTHS: Record<Lang, readonly string[]> = {
  // The genitive, as a Slovenian date is written: 25. novembra 2026.
  sl: [
    'januarja',
    'februarja',
    'marca',
    'aprila',
    'maja',
    'junija',
    'julija',
    'avgusta',
    'septembra',
    'oktobra',
    'novembra',
    'decembra',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
}

/** `2026-11-25` → `25. novembra 2026` / `25 November 2026`: never an ambiguous number date. */
export function longDay(dayStr: string, lang: Lang): string {
  const [year, month, day] = dayStr.split('-').map(Number)
  if (!year || !month || !day) return dayStr
  const name = MONTHS[lang][month - 1] ?? ''
  return lang === 'sl' ? `${day}. ${name} ${year}` : `${day} ${name} ${year}`
}

/** What the certificate is for, as a short phrase (also on the verification page). */
export function scopeText(scope: CertificateScope, lang: Lang): string {
  if (scope.kind === 'year') return lang === 'sl' ? `${scope.year}. letnik` : `Year ${scope.year}`
  if (scope.kind === 'programme') return lang === 'sl' ? 'celoten program' : 'the whole programme'
  return scope.title
}

export interface CertificateWording {
  programme: string
  title: string
  certifies: string
  period: string
  figures: { label: string; value: string }[]
  issued: string
  signature: string
  code: string
  verify: string
}

export function certificateWording(
  certificate: Pick<Certificate, 'name' | 'scope' | 'figures' | 'issuedAt' | 'code'>,
  lang: Lang,
  verifyUrl: string,
): CertificateWording {
  const { scope, figures } = certificate
  const sl = lang === 'sl'
  const event = scope.kind === 'event'
  const from = longDay(figures.from, lang)
  const to = longDay(figures.to, lang)
  const what =
    scope.kind === 'year'
      ? sl
        ? `udeležbo osebe ${certificate.name} v ${scope.year}. letniku programa`
        : `${certificate.name} attended Year ${scope.year} of the programme`
      : scope.kind === 'programme'
        ? sl
          ? `udeležbo osebe ${certificate.name} v celotnem programu`
          : `${certificate.name} attended the whole programme`
        : sl
          ? `udeležbo osebe ${certificate.name} na dogodku »${scope.title}«`
          : `${certificate.name} attended the event “${scope.title}”`
  return {
    programme: PROGRAMME_NAME[lang],
    title: sl ? 'Potrdilo o udeležbi' : 'Certificate of attendance',
    // Slovenian in words that fit every person: the noun "udeležba" (attendance) instead of a
    // past tense that must agree with the person's gender (docs/product-rules.md#words).
    certifies: sl ? `Potrjujemo ${what}.` : `This certifies that ${what}.`,
    period: event
      ? sl
        ? `Dan: ${from}`
        : `Day: ${from}`
      : sl
        ? `Obdobje: od ${from} do ${to}`
        : `Period: ${from} to ${to}`,
    figures: event
      ? []
      : [
          { label: sl ? 'Študijski dnevi' : 'Study days', value: String(figures.studyDays) },
          { label: sl ? 'Obiskani dnevi' : 'Days attended', value: String(figures.attended) },
          { label: sl ? 'Zamujeni dnevi' : 'Days missed', value: String(figures.missed) },
          { label: sl ? 'Nadomeščeni dnevi' : 'Days made up', value: String(figures.madeUp) },
        ],
    issued: `${sl ? 'Izdano' : 'Issued'}: ${longDay(certificate.issuedAt.slice(0, 10), lang)}`,
    signature: sl ? 'Vodja programa' : 'Programme director',
    code: `${sl ? 'Koda potrdila' : 'Certificate code'}: ${certificate.code}`,
    verify: sl ? `Pristnost preverite na ${verifyUrl}` : `Check that it is genuine at ${verifyUrl}`,
  }
}
