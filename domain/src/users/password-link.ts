// The forgotten-password request and the single-use link that sets a password (the reset link
// and an accepted applicant's welcome link; docs/security.md#password-links), as zod schemas the
// page and the server share. The token is what the e-mailed link carries after `?token=`.
import { z } from 'zod'
import { FORM_MESSAGES, TOOLKIT_MESSAGES } from '../messages/validation'
import { isEmail, normalizeUsername } from './email'
import { newPasswordSchema } from './validation'

/** The longest e-mail address a request may carry (RFC 5321's limit on a path). */
export const MAX_ADDRESS_LENGTH = 320

/** A link whose token is cut short or altered (a mail client wrapped the line, say). */
export const LINK_INCOMPLETE =
  'povezava ni cela; odprite jo znova iz e-pošte ali prosite za novo EN the link is incomplete; open it again from the e-mail or ask for a new one'

const required = { error: FORM_MESSAGES.required }

/** "Forgot your password?": the address of the account, as typed (any case, spaces around). */
export const forgotPasswordSchema = z.object({
  username: z
    .string(required)
    .trim()
    .min(1, { ...required, abort: true })
    .max(MAX_ADDRESS_LENGTH, { error: TOOLKIT_MESSAGES.maxLength(MAX_ADDRESS_LENGTH), abort: true })
    .transform(normalizeUsername)
    .refine(isEmail, { error: FORM_MESSAGES.emailInvalid }),
})

/** The token of a link: 32 random bytes in base64url (43 characters); nothing else is a token. */
export const linkTokenSchema = z
  .string({ error: LINK_INCOMPLETE })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: LINK_INCOMPLETE })

export const checkPasswordLinkSchema = z.object({ token: linkTokenSchema })

/**
 * Redeeming a link: the token and the new password (the domain's rule for a chosen password; the
 * server adds its length cap before hashing).
 */
export const setPasswordSchema = z.object({ token: linkTokenSchema, password: newPasswordSchema })

/** What a link is for: an accepted applicant's first password, or a forgotten one. */
export const PASSWORD_LINK_PURPOSES = ['welcome', 'reset'] as const
export type PasswordLinkPurpose = (typeof PASSWORD_LINK_PURPOSES)[number]
