// Where the login page sends the user afterwards: back to the page that asked for a login, but
// only within this site (never to another origin) and never back to login or logout.
export function safeRedirect(target: unknown): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return '/'
  if (target.includes('\\') || /^\/auth\/(login|logout)(?:[/?#]|$)/i.test(target)) return '/'
  return target
}
