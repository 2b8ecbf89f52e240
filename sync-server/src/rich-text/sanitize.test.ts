// The rich-text allow-list: what an attacker could hide in pasted HTML is removed, what the
// editor writes is kept as it is.
import { describe, expect, it } from 'vitest'
import { sanitizeRichText } from './sanitize'

describe('sanitizeRichText removes', () => {
  it.each([
    ['a script tag and its content', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['an event-handler attribute', '<p onclick="alert(1)">a</p>', '<p>a</p>'],
    ['an image with onerror', '<p>a<img src=x onerror=alert(1)></p>', '<p>a</p>'],
    ['a javascript: link (its text stays)', '<a href="javascript:alert(1)">go</a>', 'go'],
    ['a javascript: link in another case', '<a href="JaVaScRiPt:alert(1)">go</a>', 'go'],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">go</a>', 'go'],
    ['a protocol-relative link', '<a href="//evil.example">go</a>', 'go'],
    ['a style attribute', '<p style="position:fixed;top:0">a</p>', '<p>a</p>'],
    ['a style element', '<style>body{display:none}</style><p>a</p>', '<p>a</p>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe><p>a</p>', '<p>a</p>'],
    ['an svg with a script', '<svg><script>alert(1)</script></svg><p>a</p>', '<p>a</p>'],
    ['a form and its input', '<form action="/x"><input name="p"></form><p>a</p>', '<p>a</p>'],
    ['a class and an id', '<p class="x" id="y">a</p>', '<p>a</p>'],
  ])('%s', (_what, html, expected) => {
    expect(sanitizeRichText(html)).toBe(expected)
  })
})

describe('sanitizeRichText keeps', () => {
  it.each([
    [
      'paragraphs and marks',
      '<p><strong>a</strong> <em>b</em> <u>c</u> <s>d</s> <code>e</code></p>',
    ],
    ['headings', '<h2>a</h2><h3>b</h3>'],
    ['lists', '<ul><li><p>a</p></li></ul><ol start="3"><li><p>b</p></li></ol>'],
    [
      'a quote, a rule and code',
      '<blockquote><p>a</p></blockquote><hr /><pre><code>b</code></pre>',
    ],
    ['a line break', '<p>a<br />b</p>'],
  ])('%s', (_what, html) => {
    expect(sanitizeRichText(html)).toBe(html)
  })

  it('a web link, opened apart from the app', () => {
    expect(sanitizeRichText('<a href="https://lfit.example/a?b=1&amp;c=2" onclick="x">a</a>')).toBe(
      '<a href="https://lfit.example/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">a</a>',
    )
  })

  it('a mail link', () => {
    expect(sanitizeRichText('<a href="mailto:info@lfit.example">a</a>')).toContain(
      'href="mailto:info@lfit.example"',
    )
  })

  it('a top-level heading as the highest heading a text may have', () => {
    expect(sanitizeRichText('<h1>a</h1>')).toBe('<h2>a</h2>')
  })
})
