// Where the login page sends the user afterwards: back to the page that asked for a login, with
// its query (the studio tablet's day lives there), but only within this site (never to another
// origin) and never back to login or logout.

/** Any origin of our own: a target is read against it and must stay on it. */
const HERE = 'https://this-site.invalid'

export function safeRedirect(target: unknown): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return '/'
  // Browsers drop tabs and line breaks from URLs ("/\t/evil" is "//evil"): refused, as are
  // backslashes (read as slashes) and every other control character.
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(target)) return '/'
  let url: URL
  try {
    url = new URL(target, HERE)
  } catch {
    return '/'
  }
  if (url.origin !== HERE || /^\/auth\/(login|logout)(?:\/|$)/i.test(url.pathname)) return '/'
  return target
}

/** Where a visitor logs in before coming back to `href` (path, query and hash of this site). */
export function loginHref(href: string): string {
  return `/auth/login?redirect=${encodeURIComponent(href)}`
}
