// The certificate calls on /api/certificates, through the app's one API client; every answer is
// checked against the domain's schemas. Each throws ApiError; the screen turns it into a sentence.
// The answers a certificate is printed from carry `verifyAt`, the verification page at the server's
// PUBLIC_URL, which its QR code and printed address use: never this page's own address, which for
// a registrar may be the studio's LAN address (docs/operations.md#links-in-e-mails). No
// certificate is kept on the device, so every printed one comes with the server's address.
import { z } from 'zod'
import { INELIGIBLE_REASONS } from '@lfit/domain/certificates/eligibility'
import {
  certificateFiguresSchema,
  certificateSchema,
  certificateScopeSchema,
  type CertificateScope,
  type CertificateVerification,
  verifyAtSchema,
} from '@lfit/domain/certificates/record'
import { STANDINGS } from '@lfit/domain/makeups/thresholds'
import type { Lang } from '@lfit/domain/messages/bilingual'
import { api } from '../api/api'

export type AttendanceScope = Extract<CertificateScope, { kind: 'year' | 'programme' }>

const reasons = z.array(z.enum(INELIGIBLE_REASONS))

const standingRowSchema = z.object({
  person: z.string(),
  name: z.string(),
  attended: z.number(),
  percent: z.number().nullable(),
  missed: z.number(),
  madeUp: z.number(),
  outstanding: z.number(),
  late: z.number(),
  limit: z.number(),
  standing: z.enum(STANDINGS),
  eligible: z.boolean(),
  reasons,
  certificates: z.array(certificateSchema),
  figures: certificateFiguresSchema.nullable(),
})
export type StandingRow = z.output<typeof standingRowSchema>

const issueResultSchema = z.object({
  issued: z.array(certificateSchema),
  refused: z.array(z.object({ person: z.string(), name: z.string(), reasons })),
})
export type IssueResult = z.output<typeof issueResultSchema>

const verificationSchema = z
  .object({
    name: z.string(),
    scope: certificateScopeSchema,
    issuedAt: z.string(),
    status: z.enum(['valid', 'revoked']),
    verifyAt: verifyAtSchema,
  })
  .strict() satisfies z.ZodType<CertificateVerification & { verifyAt: string }>
export type VerificationAnswer = z.output<typeof verificationSchema>

/** A certificate whole, with the verification page's address to print it with. */
const printableSchema = z.object({ certificate: certificateSchema, verifyAt: verifyAtSchema })
export type PrintableCertificate = z.output<typeof printableSchema>

const eventDaySchema = z.object({
  dayId: z.string(),
  dayStr: z.string(),
  past: z.boolean(),
  signups: z.array(
    z.object({ _id: z.string(), name: z.string(), email: z.string(), status: z.string() }).loose(),
  ),
  certificates: z.array(certificateSchema),
})
export type EventDay = z.output<typeof eventDaySchema>

export const certificatesApi = {
  list: async (scope: AttendanceScope) =>
    (
      await api.action(
        '/api/certificates/list',
        { scope },
        z.object({ rows: z.array(standingRowSchema) }),
        'read',
      )
    ).rows,
  issue: (scope: AttendanceScope, people: string[], languages: Lang[]) =>
    api.action('/api/certificates/issue', { scope, people, languages }, issueResultSchema),
  reissue: (id: string, reason: string) =>
    api.action('/api/certificates/reissue', { id, reason }, issueResultSchema),
  revoke: async (id: string, reason: string) =>
    (
      await api.action(
        '/api/certificates/revoke',
        { id, reason },
        z.object({ certificate: certificateSchema }),
      )
    ).certificate,
  get: (id: string): Promise<PrintableCertificate> =>
    api.action('/api/certificates/get', { id }, printableSchema, 'read'),
  mine: async () =>
    (
      await api.action(
        '/api/certificates/mine',
        {},
        z.object({ certificates: z.array(certificateSchema) }),
        'read',
      )
    ).certificates,
  verify: (code: string) =>
    api.action('/api/certificates/verify', { code }, verificationSchema, 'read'),
  eventDays: async () =>
    (
      await api.action(
        '/api/certificates/events/list',
        {},
        z.object({ days: z.array(eventDaySchema) }),
        'read',
      )
    ).days,
  issueForEvent: (dayId: string, title: string, attendees: string[]) =>
    api.action('/api/certificates/events/issue', { dayId, title, attendees }, issueResultSchema),
}
