// The one way a screen shows a server read under way or failed (docs/0036): in both languages,
// in the product's words (never a status code, an error code or a path), with a "Try again"
// button of a finger's size.
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/client'
import { messages as en } from '../locales/en.po'
import { messages as sl } from '../locales/sl.po'
import { ReadFailed, ReadPending } from './ServerRead'

function render(locale: 'en' | 'sl', element: React.ReactElement) {
  const i18n = setupI18n({ locale, messages: { [locale]: locale === 'sl' ? sl : en } })
  return renderToStaticMarkup(<I18nProvider i18n={i18n}>{element}</I18nProvider>)
}

const failed = (locale: 'en' | 'sl', error: unknown) =>
  render(locale, <ReadFailed error={error} onRetry={() => undefined} />)

const refused = new ApiError(
  403,
  'forbidden',
  { sl: 'Za to nimate pravic.', en: 'You may not do that.' },
  '/api/certificates/list',
)

describe('a failed server read', () => {
  it.each([
    ['en', new ApiError(0, 'offline', null, '/api/classmates'), 'You are offline', 'Try again'],
    ['sl', new ApiError(0, 'offline', null, '/api/classmates'), 'Niste povezani', 'Poskusi'],
    ['en', refused, 'You may not do that.', 'Try again'],
    ['sl', refused, 'Za to nimate pravic.', 'Poskusi'],
    ['en', new ApiError(429, 'http_429', null, '/api/files'), 'Too many attempts', 'Try again'],
    ['en', new ApiError(502, 'http_502', null, '/api/files'), 'Something went wrong', 'Try again'],
    ['sl', new TypeError('x is undefined'), 'Nekaj je šlo narobe', 'Poskusi'],
  ] as const)('%s: %s says "%s" and offers "%s"', (locale, error, words, retry) => {
    const html = failed(locale, error)
    expect(html).toContain(words)
    expect(html).toMatch(new RegExp(`<button type="button" class="btn btn-primary">${retry}`))
    expect(html).toContain('role="alert"')
  })

  it.each([
    refused,
    new ApiError(502, 'http_502', null, '/api/files'),
    new ApiError(200, 'malformedAnswer', null, '/api/me/profile'),
  ])('never shows the code, the status or the path of %s', (error) => {
    for (const locale of ['en', 'sl'] as const) {
      const text = failed(locale, error).replace(/<[^>]+>/g, ' ')
      expect(text).not.toContain(error.code)
      expect(text).not.toContain(error.path)
      expect(text).not.toMatch(/\b\d{3}\b/)
    }
  })
})

describe('a server read under way', () => {
  it.each([
    ['en', 'Loading…'],
    ['sl', 'Nalaganje …'],
  ] as const)('%s: says "%s" as a busy status', (locale, words) => {
    const html = render(locale, <ReadPending />)
    expect(html).toContain(words)
    expect(html).toContain('role="status"')
    expect(html).toContain('aria-busy="true"')
  })
})
