// The wire shapes of the developer pages' own calls (docs/access-policy.md#developer-pages): the
// rich-text sanitiser (/test/editor) and the mail queue (/test/email). The server parses requests
// and the web client checks answers with the same schemas.
import { z } from 'zod'
import { TOOLKIT_MESSAGES } from '../messages/validation'

/**
 * Longest HTML the test page's sanitiser takes: several pages of text. Its cost grows with the
 * number of tags, about 60 ms for 100,000 characters of short paragraphs on a quiet core and
 * up to a second on a loaded one, all of it on the event loop; 20,000 is a fifth of that, and
 * anyone may call it (docs/0032-image-work-is-queued-and-shared-bytes-are-kept.md).
 */
export const MAX_SANITIZE_CHARS = 20_000

export const sanitizeRequestSchema = z.object({
  html: z.string().max(MAX_SANITIZE_CHARS, TOOLKIT_MESSAGES.maxLength(MAX_SANITIZE_CHARS)),
})
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
