// The session token: a JWT signed with the server's secret (HS256), kept in an HttpOnly,
// SameSite=Lax cookie, so page scripts cannot read it and other sites cannot send it with a POST.
// It names the user and, for an admin acting with fewer roles, that subset; everything else is
// read from the users collection, so a blocked user loses access without waiting for expiry.
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { SignJWT, jwtVerify } from 'jose'

/** The spec's "token cookie". */
export const TOKEN_COOKIE = 'token'

/** Default cookie expiry (spec §9): one day. */
export const SESSION_SECONDS = 86_400

export interface TokenClaims {
  username: string
  /** The roles an admin chose to act with (selectMyRoles); absent: all of theirs. */
  acting?: string[]
}

export class Tokens {
  private readonly key: Uint8Array

  constructor(
    secret: string,
    private readonly clock: () => number,
    private readonly secure: boolean,
  ) {
    this.key = new TextEncoder().encode(secret)
  }

  async issue(c: Context, claims: TokenClaims): Promise<void> {
    const now = Math.floor(this.clock() / 1000)
    const token = await new SignJWT(claims.acting ? { acting: claims.acting } : {})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.username)
      .setIssuedAt(now)
      .setExpirationTime(now + SESSION_SECONDS)
      .sign(this.key)
    setCookie(c, TOKEN_COOKIE, token, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: this.secure,
      path: '/',
      maxAge: SESSION_SECONDS,
    })
  }

  /** The claims of the request's cookie, or null when there is none or it is not valid. */
  async read(c: Context): Promise<TokenClaims | null | 'invalid'> {
    const token = getCookie(c, TOKEN_COOKIE)
    if (!token) return null
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: new Date(this.clock()),
      })
      if (typeof payload.sub !== 'string' || payload.sub === '') return 'invalid'
      const acting = payload.acting
      const roles =
        Array.isArray(acting) && acting.every((role) => typeof role === 'string')
          ? (acting as string[])
          : undefined
      return roles ? { username: payload.sub, acting: roles } : { username: payload.sub }
    } catch {
      return 'invalid'
    }
  }

  clear(c: Context): void {
    deleteCookie(c, TOKEN_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: this.secure,
    })
  }
}
