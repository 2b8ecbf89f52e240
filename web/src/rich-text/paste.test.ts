import { describe, expect, it } from 'vitest'
import { cleanPastedHtml } from './paste'

describe('pasted HTML is cleaned before the editor parses it', () => {
  it.each([
    ['an onerror handler', '<p>a<img src=x onerror=alert(1)>b</p>', '<p>a<img src=x >b</p>'],
    ['a quoted handler', '<p onclick="alert(1)">a</p>', '<p >a</p>'],
    ['a handler after a slash', '<img/onerror=alert(1)>', '<img/>'],
    ['a handler right after a quoted value', '<img src="x"onerror="alert(1)">', '<img src="x">'],
    ['a handler in capitals', '<IMG SRC=x ONERROR=alert(1)>', '<IMG SRC=x >'],
    ['a style attribute', '<span style="color:red">a</span>', '<span >a</span>'],
    ['a style element', '<style>p{color:red}</style><p>a</p>', '<p>a</p>'],
    ['a script element', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    [
      'a value holding a > and a handler-like text',
      '<a title="1 > 0 onclick=x" href="https://a.example" onmouseover="x">a</a>',
      '<a title="1 > 0 onclick=x" href="https://a.example" >a</a>',
    ],
  ])('%s', (_what, html, expected) => {
    expect(cleanPastedHtml(html)).toBe(expected)
  })

  it('leaves text that mentions attributes alone', () => {
    const html = '<p>Write onclick="x" or style="y" in the text.</p>'
    expect(cleanPastedHtml(html)).toBe(html)
  })

  it('keeps everything else of a copied page', () => {
    const html =
      '<meta charset="utf-8"><h2>Title</h2><p><strong>bold</strong> <a href="https://lfit.example/x">link</a></p>'
    expect(cleanPastedHtml(html)).toBe(html)
  })
})
