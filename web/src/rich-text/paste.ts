// Pasted HTML is cleaned as text, before anything parses it. ProseMirror reads a paste by parsing
// it in a document of its own, and Chromium checks every `on…` attribute, `style` attribute and
// `<style>` element it parses against the page's CSP, even in a document that runs nothing: the
// CSP refuses them, but logs an error for each (a copy from any web page carries inline styles).
// Parsing first to clean would trigger the same errors, so this works on the text. It is no
// allow-list: what the editor keeps is decided by its schema, and what is stored by the server's
// sanitiser (sync-server/src/rich-text/sanitize.ts).

/** `<style>…</style>`, `<script>…</script>` and similar elements whose content is not text. */
const NON_TEXT_ELEMENT = /<(style|script|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi
/** An opening tag (its name and attributes; quoted values may hold `>`). */
const TAG = /<([a-zA-Z][^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g
/** One attribute of a tag: its name, and its value in any of HTML's forms. */
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]*))?/g
/** Event handlers and inline styles: what the CSP refuses. */
const UNWANTED = /^(?:on|style$)/i

export function cleanPastedHtml(html: string): string {
  return html
    .replace(NON_TEXT_ELEMENT, '')
    .replace(TAG, (_tag, name: string, attributes: string) => {
      const kept = attributes.replace(ATTRIBUTE, (attribute, attributeName: string) =>
        UNWANTED.test(attributeName) ? '' : attribute,
      )
      return `<${name}${kept}>`
    })
}
