// The session token: a JWT signed with the server's secret (HS256), kept in an HttpOnly,
// SameSite=Lax cookie, so page scripts cannot read it and other sites cannot send it with a POST.
// It names the user, the server-side session it belongs to (a random id, see sessions.ts) and,
// for an admin acting with fewer roles, that subset; everything else is read from the users and
// sessions collections, so logout, a block or a password change ends it without waiting for
// expiry. A second, long-lived cookie marks a device that has logged in to an account, which
// login throttling trusts further (docs/0004-sessions-and-login-throttling.md).
import { webcrypto } from 'node:crypto'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { SignJWT, jwtVerify } from 'jose'

/** The session's "token cookie" (docs/security.md#sessions). */
export const TOKEN_COOKIE = 'token'

/** Default cookie expiry (docs/product-rules.md, Constants): one day. */
export const SESSION_SECONDS = 86_400

/** Marks a device that has logged in to an account before; it grants nothing by itself. */
export const DEVICE_COOKIE = 'device'

/** How long a device stays known: a year without a login. */
export const DEVICE_SECONDS = 365 * 86_400

export interface TokenClaims {
  username: string
  /** The server-side session's id. */
  session: string
  /** The roles an admin chose to act with (selectMyRoles); absent: all of theirs. */
  acting?: readonly string[]
  /**
   * The user an admin acts as (actAs); the token's subject stays the admin, whose session it is
   * (docs/0045-acting-as-another-user.md).
   */
  as?: string
}

/** The JWT `typ` of each kind, so one kind can never be passed off as the other. */
const SESSION_TYPE = 'lfit-session'
const DEVICE_TYPE = 'lfit-device'

/** Most verified session tokens remembered at once (each a few hundred bytes). */
const MAX_VERIFIED = 10_000

interface Verified {
  claims: TokenClaims
  /** The token's `exp`, epoch seconds. */
  expires: number
}

/** Space or tab: what the cookie parser trims around names and values. */
const isBlank = (code: number) => code === 32 || code === 9

/**
 * The unparsed value of the first cookie named `name` in a Cookie header, or undefined. Only a
 * lookup key: what it finds counts only if it is a token verified before (see `Tokens.read`).
 */
export function firstCookie(header: string, name: string): string | undefined {
  let at = 0
  while (at < header.length) {
    while (isBlank(header.charCodeAt(at))) at += 1
    const end = header.indexOf(';', at)
    const stop = end < 0 ? header.length : end
    if (header.startsWith(name, at)) {
      let equals = at + name.length
      while (isBlank(header.charCodeAt(equals))) equals += 1
      if (header.charCodeAt(equals) === 61 /* = */) {
        let from = equals + 1
        let to = stop
        while (isBlank(header.charCodeAt(from)) && from < to) from += 1
        while (isBlank(header.charCodeAt(to - 1)) && to > from) to -= 1
        return header.slice(from, to)
      }
    }
    at = stop + 1
  }
  return undefined
}

export class Tokens {
  /** The HMAC key, imported once: jose would import a raw secret again on every verify. */
  private readonly key: Promise<webcrypto.CryptoKey>
  /**
   * Session tokens whose signature and claims were checked, by their exact text. A signature
   * that verified once verifies forever, so an entry can only end by expiry (checked on every
   * hit) or be dropped; whether the session behind it still lives is asked of `Sessions` on
   * every request, so a cached token grants nothing after logout, a block or a password change.
   * Only valid tokens are kept (they come from this server), least recently used dropped first.
   */
  private readonly verified = new Map<string, Verified>()

  constructor(
    secret: string,
    private readonly clock: () => number,
    private readonly secure: boolean,
  ) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    )
  }

  async issue(c: Context, claims: TokenClaims): Promise<void> {
    const now = Math.floor(this.clock() / 1000)
    const token = await new SignJWT({
      ...(claims.acting ? { acting: claims.acting } : {}),
      ...(claims.as ? { as: claims.as } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: SESSION_TYPE })
      .setSubject(claims.username)
      .setJti(claims.session)
      .setIssuedAt(now)
      .setExpirationTime(now + SESSION_SECONDS)
      .sign(await this.key)
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
    return this.remembered(c) ?? this.verifyCookie(c)
  }

  /** `read` for a request whose token `remembered` did not know: verified now, then remembered. */
  async verifyCookie(c: Context): Promise<TokenClaims | null | 'invalid'> {
    const token = getCookie(c, TOKEN_COOKIE)
    if (!token) return null
    const claims = await this.verify(token)
    if (claims === 'invalid') return claims
    this.verified.set(token, claims)
    if (this.verified.size > MAX_VERIFIED) {
      this.verified.delete(this.verified.keys().next().value as string)
    }
    return claims.claims
  }

  /**
   * `read` without waiting, for a request without a token or with one verified before (nearly
   * every call); undefined when the token has to be verified first.
   */
  remembered(c: Context): TokenClaims | null | 'invalid' | undefined {
    const header = c.req.header('cookie')
    if (!header) return null
    // A token verified before is found by its raw text, without parsing the whole header (the
    // cookie parser's checks cost more per call than the rest of this read): a verified token is
    // plain JWT text, which the parser would answer unchanged. Anything else is parsed in full.
    const raw = firstCookie(header, TOKEN_COOKIE)
    const known = raw === undefined ? undefined : this.verified.get(raw)
    const token = known ? raw : getCookie(c, TOKEN_COOKIE)
    if (!token) return null
    const hit = known ?? this.verified.get(token)
    if (!hit) return undefined
    // As jose decides: expired once `exp` is not after the current second.
    if (hit.expires > Math.floor(this.clock() / 1000)) return hit.claims
    this.verified.delete(token)
    return 'invalid'
  }

  private async verify(token: string): Promise<Verified | 'invalid'> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        typ: SESSION_TYPE,
        currentDate: new Date(this.clock()),
      })
      if (typeof payload.sub !== 'string' || payload.sub === '') return 'invalid'
      // A token from before sessions were stored names none: it is not honoured.
      if (typeof payload.jti !== 'string' || payload.jti === '') return 'invalid'
      const acting = payload.acting
      const roles =
        Array.isArray(acting) && acting.every((role) => typeof role === 'string')
          ? (acting as string[])
          : undefined
      if (typeof payload.exp !== 'number') return 'invalid'
      const claims: TokenClaims = {
        username: payload.sub,
        session: payload.jti,
        ...(roles ? { acting: Object.freeze([...roles]) } : {}),
        ...(typeof payload.as === 'string' && payload.as !== '' ? { as: payload.as } : {}),
      }
      // Frozen: one object answers every request that carries this token.
      return { claims: Object.freeze(claims), expires: payload.exp }
    } catch {
      return 'invalid'
    }
  }

  /** Marks this browser as one that has logged in to `username`. */
  async rememberDevice(c: Context, username: string): Promise<void> {
    const now = Math.floor(this.clock() / 1000)
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: DEVICE_TYPE })
      .setSubject(username)
      .setIssuedAt(now)
      .setExpirationTime(now + DEVICE_SECONDS)
      .sign(await this.key)
    setCookie(c, DEVICE_COOKIE, token, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: this.secure,
      path: '/api/auth',
      maxAge: DEVICE_SECONDS,
    })
  }

  /** The account this browser has logged in to before, or null. */
  async knownDevice(c: Context): Promise<string | null> {
    const token = getCookie(c, DEVICE_COOKIE)
    if (!token) return null
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        typ: DEVICE_TYPE,
        currentDate: new Date(this.clock()),
      })
      return typeof payload.sub === 'string' ? payload.sub : null
    } catch {
      return null
    }
  }

  /** Clears the cookie, and forgets the request's token: it is no longer worth checking. */
  clear(c: Context): void {
    const token = getCookie(c, TOKEN_COOKIE)
    if (token) this.verified.delete(token)
    deleteCookie(c, TOKEN_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: this.secure,
    })
  }
}
