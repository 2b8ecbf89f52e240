// The wire shapes of the auth calls' answers and of every error answer, as zod schemas: the
// server types what it sends with them and the web client checks what it receives against them,
// so an answer that does not fit (a proxy's HTML page, an older server) is a clear client error
// instead of a crash somewhere in a screen.
import { z } from 'zod'
import { isRole, type Role } from '../access/roles'
import { PASSWORD_LINK_PURPOSES } from '../users/password-link'
import { publicUserSchema } from '../users/user'
import type { AuthCall } from './calls'

/**
 * The signed-in user as /api/auth/login, /user and /selectMyRoles answer it: the public user
 * with the roles they act with, and for an admin acting with fewer roles all of theirs.
 */
export const sessionAnswerSchema = z.object({
  user: publicUserSchema.extend({
    allRoles: z
      .array(z.string())
      .transform((roles): Role[] => roles.filter(isRole))
      .optional(),
    /**
     * The administrator really signed in, while they act as this user: the user is whom they
     * act as (docs/0045-acting-as-another-user.md). Never a secret, never another field.
     */
    actor: z
      .object({
        username: z.string(),
        firstName: z.string().optional(),
        lastName: z.string().optional(),
      })
      .optional(),
  }),
})

export type SessionAnswer = z.output<typeof sessionAnswerSchema>
export type SessionAnswerInput = z.input<typeof sessionAnswerSchema>

/**
 * /api/auth/user, "who am I": the signed-in user, or `{ user: null }` for a visitor. A visitor
 * is an answer, not a refusal: every anonymous page load asks, and a 401 there would be an error
 * in every visitor's console (docs/0043-a-visitor-is-an-answer.md).
 */
export const whoAmIAnswerSchema = z.union([sessionAnswerSchema, z.object({ user: z.null() })])

/** The visitor's answer to "who am I", exactly as sent. */
export const VISITOR_ANSWER = { user: null } as const

export { errorAnswerSchema, type ErrorAnswer } from './error-answer'

/** A call that only says it worked (logout, password change). */
export const okAnswerSchema = z.object({ ok: z.literal(true) })

/**
 * Registration answers this and nothing more, whether the address was new or already had an
 * account: the owner learns the rest by e-mail, a stranger learns nothing.
 */
export const registeredAnswerSchema = okAnswerSchema.strict()

/**
 * A forgotten-password request answers this and nothing more, whether or not the address has an
 * account (docs/security.md#password-links).
 */
export const forgotPasswordAnswerSchema = okAnswerSchema.strict()

/**
 * Whether an e-mailed link still works, checked before the page asks for a password: a usable
 * link says what it is for (a welcome or a reset) and for which account, so the page can use the
 * right words and a password manager can store the new password under the right name.
 */
export const passwordLinkAnswerSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('valid'),
    purpose: z.enum(PASSWORD_LINK_PURPOSES),
    username: z.string(),
  }),
  z.object({ status: z.enum(['expired', 'used', 'unknown']) }),
])

export type PasswordLinkAnswer = z.output<typeof passwordLinkAnswerSchema>

export const AUTH_ANSWERS = {
  login: sessionAnswerSchema,
  logout: okAnswerSchema,
  register: registeredAnswerSchema,
  password: okAnswerSchema,
  user: whoAmIAnswerSchema,
  selectMyRoles: sessionAnswerSchema,
  actAs: sessionAnswerSchema,
  stopActing: sessionAnswerSchema,
  forgotPassword: forgotPasswordAnswerSchema,
  checkPasswordLink: passwordLinkAnswerSchema,
  newPassword: okAnswerSchema,
} as const satisfies Record<AuthCall, z.ZodType>

export type AuthAnswer<C extends AuthCall> = z.output<(typeof AUTH_ANSWERS)[C]>
