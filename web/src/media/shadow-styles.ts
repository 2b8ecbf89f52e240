// The player's web components (media-chrome) write their styles as <style> elements into their
// shadow roots, and later add rules to those sheets as they play (the time bar's progress). The
// app's Content-Security-Policy refuses inline style text (docs/security.md); it allows only an
// empty <style> (the hash of the empty string). So the player's shadow HTML is parsed with each
// <style> emptied, and once the element is in the page (a style element has a sheet only then)
// its rules are put into that sheet through the CSSOM, which the policy does not restrict, ahead
// of any rule the component added meanwhile: the components see the sheets they wrote, in their
// order, and can add to them. Loaded before media-chrome, and only for its own elements.
const STYLE = /<style\b([^>]*)>([\s\S]*?)<\/style>/gi
const PLAYER_PART = /^media-/

/** A style element: HTML's, or SVG's inside an icon. */
type Style = HTMLStyleElement | SVGStyleElement

/** Style elements waiting for their rules, by the shadow root whose HTML they came with. */
const pending = new WeakMap<ShadowRoot, [Style, string][]>()
/** Shadow roots whose HTML went through `wrap`: their styles are theirs to fill. */
const wrapped = new WeakSet<ShadowRoot>()

/**
 * The style elements of `root` in the order of its HTML: a part's HTML may carry another part's
 * shadow root declaratively (a button's tooltip, `<template shadowrootmode>`), whose styles the
 * parser puts into that shadow root, where they come before the part's other children.
 */
function stylesOf(root: ShadowRoot | Element): Style[] {
  return [...root.children].flatMap((child) => [
    ...(child instanceof HTMLStyleElement || child instanceof SVGStyleElement ? [child] : []),
    ...(child.shadowRoot && !wrapped.has(child.shadowRoot) ? stylesOf(child.shadowRoot) : []),
    ...stylesOf(child),
  ])
}

/** Puts the waiting rules into each style element's sheet, before the rules it has already. */
function fill(root: ShadowRoot | null) {
  const waiting = root && pending.get(root)
  if (!root || !waiting) return
  const left = waiting.filter(([style, css]) => {
    const sheet = style.sheet
    if (!sheet) return true
    const parsed = new CSSStyleSheet()
    parsed.replaceSync(css)
    ;[...parsed.cssRules].forEach((rule, index) => sheet.insertRule(rule.cssText, index))
    return false
  })
  if (left.length > 0) pending.set(root, left)
  else pending.delete(root)
}

function wrap(root: ShadowRoot, html: string, parse: (html: string) => void) {
  if (!PLAYER_PART.test(root.host.localName)) return parse(html)
  wrapped.add(root)
  const texts: string[] = []
  parse(
    String(html).replace(STYLE, (_, attributes: string, css: string) => {
      texts.push(css)
      return `<style${attributes}></style>`
    }),
  )
  if (texts.length === 0) return
  const styles = stylesOf(root).slice(-texts.length)
  pending.set(root, [
    ...(pending.get(root) ?? []),
    ...styles.map((style, index): [Style, string] => [style, texts[index] ?? '']),
  ])
  if (root.host.isConnected) fill(root)
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
  // A player element's rules go into its sheets as it enters the page, before its own code runs.
  const define = customElements.define.bind(customElements)
  customElements.define = (name, constructor, options) => {
    if (PLAYER_PART.test(name)) {
      const prototype = constructor.prototype as { connectedCallback?: () => void }
      const connected = prototype.connectedCallback
      prototype.connectedCallback = function (this: HTMLElement) {
        fill(this.shadowRoot)
        connected?.call(this)
      }
    }
    define(name, constructor, options)
  }
}

installShadowStyles()
