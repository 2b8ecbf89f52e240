// The wire shapes of the developer pages' own calls (docs/access-policy.md#developer-pages): the
// rich-text sanitiser (/test/editor) and the mail queue (/test/email). The server parses requests
// and the web client checks answers with the same schemas.
import { z } from 'zod'

/** Longest HTML the sanitiser takes: a long material text, far below the body cap. */
export const MAX_RICH_TEXT_CHARS = 100_000

export const sanitizeRequestSchema = z.object({ html: z.string().max(MAX_RICH_TEXT_CHARS) })
export const sanitizeAnswerSchema = z.object({ html: z.string() })

/** Where a queued message is (sync-server/src/mail/outbox.ts). */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const
export type MailQueueStatus = (typeof MAIL_STATUSES)[number]

/** How many messages the queue page lists, newest first. */
export const MAIL_QUEUE_SHOWN = 20

export const mailQueueEntrySchema = z.object({
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  /** When it was queued (epoch ms). */
  queuedAt: z.number(),
  /** When it was sent or given up (epoch ms), if it was. */
  doneAt: z.number().nullable(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number(),
})

export const mailQueueAnswerSchema = z.object({
  transport: z.enum(['smtp', 'file']),
  counts: z.object({
    queued: z.number(),
    sending: z.number(),
    sent: z.number(),
    failed: z.number(),
  }),
  messages: z.array(mailQueueEntrySchema),
})

export type MailQueueEntry = z.infer<typeof mailQueueEntrySchema>
export type MailQueueAnswer = z.infer<typeof mailQueueAnswerSchema>

export const testMailAnswerSchema = z.object({ to: z.string() })

/** The test message is written in the language the admin has the page open in. */
export const testMailRequestSchema = z.object({ language: z.enum(['sl', 'en']) })
