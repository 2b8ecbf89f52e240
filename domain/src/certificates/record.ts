// A certificate as stored and shown (docs/product-rules.md#certificates): who it is for, what it
// certifies (a programme year, the whole programme, or an event the programme organised), the
// attendance figures it states, when and by whom it was issued, in which languages, and whether
// it is still valid. The record is never changed except to revoke it.
import { z } from 'zod'
import { PROGRAMME_YEARS } from '../people/enrolment'
import { CODE_ALPHABET, ID_LENGTH } from './code'

export const CERTIFICATES = 'certificates'

const idPattern = new RegExp(`^[${CODE_ALPHABET}]{${ID_LENGTH}}$`)

export const certificateScopeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('year'), year: z.number().int().min(1).max(PROGRAMME_YEARS.length) }),
  z.object({ kind: z.literal('programme') }),
  z.object({
    kind: z.literal('event'),
    /** The event day (a study day's id, as on its sign-ups for /prijavaZaDan). */
    dayId: z.string().min(1).max(20),
    /** What the event was, as the certificate names it. */
    title: z.string().min(1).max(200),
  }),
])
export type CertificateScope = z.output<typeof certificateScopeSchema>

/** The attendance a certificate states; for an event, one day attended. */
export const certificateFiguresSchema = z.object({
  studyDays: z.number().int().min(0),
  attended: z.number().int().min(0),
  missed: z.number().int().min(0),
  madeUp: z.number().int().min(0),
  late: z.number().int().min(0),
  /** First and last study day of the period (YYYY-MM-DD). */
  from: z.string(),
  to: z.string(),
})
export type CertificateFigures = z.output<typeof certificateFiguresSchema>

export const CERTIFICATE_LANGUAGES = ['sl', 'en'] as const

export const certificateSchema = z.object({
  /** The random id: the first 8 characters of the verification code. */
  _id: z.string().regex(idPattern),
  /** Formatted, e.g. `K7QM-3XPA-9TDE-W2HN`. */
  code: z.string(),
  /** The holder's username (e-mail); an event's attendee may have no account. */
  person: z.string().min(1),
  /** The name as printed, kept as it was on the day of issue. */
  name: z.string().min(1).max(201),
  scope: certificateScopeSchema,
  figures: certificateFiguresSchema,
  /** ISO date-time. */
  issuedAt: z.string(),
  issuedBy: z.string(),
  languages: z.array(z.enum(CERTIFICATE_LANGUAGES)).min(1),
  status: z.enum(['valid', 'revoked']),
  revokedAt: z.string().optional(),
  revokedBy: z.string().optional(),
  revokeReason: z.string().optional(),
  /** The id of the certificate that replaced this one, when it was re-issued. */
  replacedBy: z.string().optional(),
})
export type Certificate = z.output<typeof certificateSchema>

/** What the public verification page is told: nothing more (docs/access-policy.md#certificates). */
export interface CertificateVerification {
  name: string
  scope: CertificateScope
  issuedAt: string
  status: 'valid' | 'revoked'
}

export function verificationOf(certificate: Certificate): CertificateVerification {
  return {
    name: certificate.name,
    scope: certificate.scope,
    issuedAt: certificate.issuedAt,
    status: certificate.status,
  }
}

/** The public verification page's path (`/potrdilo`, docs/access-policy.md#certificates). */
export const VERIFY_PATH = '/potrdilo'

/**
 * The verification page at the address people open the app at (PUBLIC_URL, no trailing `/`).
 * Every answer a certificate is printed from carries it as `verifyAt`, so its QR code and its
 * "check it at" line never carry the address the printing browser happens to use, such as a
 * studio's LAN address (docs/operations.md#links-in-e-mails).
 */
export function verifyPageAt(publicUrl: string): string {
  return `${publicUrl}${VERIFY_PATH}`
}

/** A code's address on the verification page: what the QR code holds and the e-mail links to. */
export function verifyLink(verifyAt: string, code: string): string {
  return `${verifyAt}?koda=${encodeURIComponent(code)}`
}

/** `verifyAt` as the web checks it: an http(s) address of the verification page. */
export const verifyAtSchema = z
  .url({ protocol: /^https?$/ })
  .refine((url) => url.endsWith(VERIFY_PATH), `must end with ${VERIFY_PATH}`)

/** Whether two scopes certify the same thing (one valid certificate per person and scope). */
export function sameScope(a: CertificateScope, b: CertificateScope): boolean {
  if (a.kind === 'year' && b.kind === 'year') return a.year === b.year
  if (a.kind === 'event' && b.kind === 'event') return a.dayId === b.dayId
  return a.kind === b.kind
}

export const MAX_REVOKE_REASON = 500
