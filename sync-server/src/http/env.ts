// What every request carries through the middleware chain (Hono's typed context variables).
import type { Log } from './log'
import type { Session } from '../auth/session'

export interface AppEnv {
  Variables: {
    requestId: string
    /** The security headers every answer carries (common-headers.ts). */
    securityHeaders: Readonly<Record<string, string>>
    /** The answer `answerWith` built with every common header in it, if any. */
    complete: Response
    log: Log
    /** The decoded msgpack body of an /api call ({} when empty). */
    body: unknown
    /** The signed-in user, or null for a visitor. */
    session: Session | null
  }
}
