// Security headers on every answer of the server (API, static files, the app shell, errors and
// 404s), set by the outermost middleware so no route can forget them. The policy allows what the
// built app actually loads: its own scripts, styles, images (and data: URLs), service worker,
// manifest and API; no inline script anywhere (web/index.html has none, the built one neither),
// no plugins, no framing. Inline *style attributes* are not needed either: React sets `style`
// through the CSSOM, which CSP does not restrict (docs/0007-production-defaults.md).
import type { Config } from '../config'

const SELF = "'self'"
/**
 * An empty inline <style> (the SHA-256 of the empty string): the player's web components need
 * their own style elements, which web/src/media/shadow-styles.ts leaves empty and fills through
 * the CSSOM; no inline style text is allowed.
 */
const EMPTY_STYLE = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"

/** The Content-Security-Policy, directive by directive (as Hono's `secureHeaders` takes it). */
export const DIRECTIVES = {
  defaultSrc: [SELF],
  scriptSrc: [SELF],
  styleSrc: [SELF, EMPTY_STYLE],
  imgSrc: [SELF, 'data:'],
  fontSrc: [SELF],
  connectSrc: [SELF],
  workerSrc: [SELF],
  manifestSrc: [SELF],
  objectSrc: ["'none'"],
  baseUri: [SELF],
  formAction: [SELF],
  frameAncestors: ["'none'"],
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)

/** The Content-Security-Policy header's value. */
export const CONTENT_SECURITY_POLICY = Object.entries(DIRECTIVES)
  .map(([name, sources]) => `${kebab(name)} ${sources.join(' ')}`)
  .join('; ')

/** One year, as HSTS preload lists ask; sent only in production, which is served over HTTPS. */
const HSTS = 'max-age=31536000; includeSubDomains'

/**
 * The security headers of every answer as one plain record, the same names and values as Hono's
 * `secureHeaders` middleware writes with these options (a test compares the two): an API answer
 * starts with them, so it never needs a `Headers` object (common-headers.ts).
 */
export function securityHeaderRecord(
  config: Pick<Config, 'env'>,
): Readonly<Record<string, string>> {
  return Object.freeze({
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Origin-Agent-Cluster': '?1',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(config.env === 'production' ? { 'Strict-Transport-Security': HSTS } : {}),
    'X-Content-Type-Options': 'nosniff',
    'X-DNS-Prefetch-Control': 'off',
    'X-Download-Options': 'noopen',
    'X-Frame-Options': 'DENY',
    'X-Permitted-Cross-Domain-Policies': 'none',
    'X-XSS-Protection': '0',
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  })
}
