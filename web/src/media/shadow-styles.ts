// The player's web components (media-chrome) write their styles as <style> elements into their
// shadow roots, and later add rules to those sheets as they play (the time bar's progress). The
// app's Content-Security-Policy refuses inline style text (docs/security.md); it allows only an
// empty <style> (the hash of the empty string). So the player's shadow HTML is parsed with each
// <style> emptied, and its rules are then put into that element's sheet through the CSSOM, which
// the policy does not restrict: the components see the sheets they wrote, in their order, and can
// add to them. Loaded with the player only, and only for media-chrome's own elements.
const STYLE = /<style\b([^>]*)>([\s\S]*?)<\/style>/gi

/** The HTML with its style elements emptied, and their texts in order. */
function emptied(html: string): { html: string; texts: string[] } {
  const texts: string[] = []
  const rest = html.replace(STYLE, (_, attributes: string, css: string) => {
    texts.push(css)
    return `<style${attributes}></style>`
  })
  return { html: rest, texts }
}

/** Puts each text's rules into the matching (emptied) style element's sheet. */
function fill(root: ShadowRoot, texts: readonly string[]) {
  const styles = [...root.querySelectorAll('style')].slice(-texts.length)
  styles.forEach((style, index) => {
    const sheet = style.sheet
    if (!sheet) return
    const parsed = new CSSStyleSheet()
    parsed.replaceSync(texts[index] ?? '')
    for (const rule of parsed.cssRules) sheet.insertRule(rule.cssText, sheet.cssRules.length)
  })
}

const isPlayerPart = (root: ShadowRoot) => root.host.localName.startsWith('media-')

function wrap(root: ShadowRoot, html: string, parse: (html: string) => void) {
  if (!isPlayerPart(root)) return parse(html)
  const { html: rest, texts } = emptied(String(html))
  parse(rest)
  if (texts.length > 0) fill(root, texts)
}

let installed = false

export function installShadowStyles(): void {
  if (installed) return
  installed = true
  const proto = ShadowRoot.prototype as ShadowRoot & { setHTMLUnsafe?: (html: string) => void }
  const setUnsafe = proto.setHTMLUnsafe
  if (setUnsafe) {
    proto.setHTMLUnsafe = function (this: ShadowRoot, html: string) {
      wrap(this, html, (rest) => setUnsafe.call(this, rest))
    }
  }
  const inner = Object.getOwnPropertyDescriptor(ShadowRoot.prototype, 'innerHTML')
  if (inner?.set) {
    const set = inner.set
    Object.defineProperty(ShadowRoot.prototype, 'innerHTML', {
      ...inner,
      set(this: ShadowRoot, html: string) {
        wrap(this, html, (rest) => set.call(this, rest))
      },
    })
  }
}

installShadowStyles()
