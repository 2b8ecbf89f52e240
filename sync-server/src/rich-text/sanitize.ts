// The one allow-list of rich text (docs/security.md#rich-text): what the material and content
// editors may store and show. Everything else is dropped on the server before storage, whatever
// the editor sent: scripts, event-handler attributes, styles, frames, images, and links other
// than http(s) and mailto. It is what TipTap's StarterKit writes, so a normal edit passes as is.
import sanitizeHtml from 'sanitize-html'

const ALLOWED_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'hr',
  'a',
]

/** A web or mail address, written out in full (the schemes below check it once more). */
const LINK_ADDRESS = /^(https?:\/\/|mailto:)[^\s]/i

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedStyles: {},
  // Dropped with their content, not just their tags: none of it is text a reader should see.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // A heading level above the page's own title becomes the top level allowed.
    h1: 'h2',
    // A link opens apart from the app and gives the page it opens no hold on it. A link to any
    // other kind of address is no link: its text stays (span is not allowed, so only the text).
    a: (tagName, attribs): sanitizeHtml.Tag =>
      LINK_ADDRESS.test(attribs.href ?? '')
        ? {
            tagName,
            attribs: {
              href: attribs.href ?? '',
              target: '_blank',
              rel: 'noopener noreferrer nofollow',
            },
          }
        : { tagName: 'span', attribs: {} },
  },
}

/** `html` with only the allowed tags and attributes left. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS)
}

/** A path of this site: one slash, then a page name (no `//`, which would be another host). */
const SITE_PATH = /^\/(?!\/)[\w\-./?=&#%]*$/

/**
 * A public page (docs/0050-public-pages-and-news-are-data.md): the same allow-list, plus links to
 * the site's other pages, which open in the app itself. (The page's title is its own field.)
 */
const PAGE_OPTIONS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  transformTags: {
    ...OPTIONS.transformTags,
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href ?? ''
      if (SITE_PATH.test(href)) return { tagName, attribs: { href } }
      const outside = OPTIONS.transformTags?.a
      return typeof outside === 'function'
        ? outside(tagName, attribs)
        : { tagName: 'span', attribs: {} }
    },
  },
}

/** A public page's `html`: what a rich-text field may hold, and links to the site's pages. */
export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, PAGE_OPTIONS)
}
