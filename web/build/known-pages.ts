// The service worker's list of the app's pages, as one pattern: it answers these navigations from
// its cache (the app shell), offline too. Any other navigation goes to the server, which answers
// 404 with the shell; offline, the cached shell shows the translated "not found" all the same.
import { knownPagePaths } from '../../domain/src/access/routes'

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Matches a page's path with its query, in any case, with or without trailing slashes (as the
 * server and the router match it; Workbox tests `pathname + search`).
 */
export function knownPagesPattern(contentPages: Iterable<string>): RegExp {
  const names = knownPagePaths(contentPages).map((path) => escapeForPattern(path.slice(1)))
  return new RegExp(`^/(?:${names.join('|')})/*(?:\\?.*)?$`, 'i')
}
