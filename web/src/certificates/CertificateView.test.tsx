// A printed certificate's QR code and "check it at" line carry the verification page the server's
// answer gave (at PUBLIC_URL), never the address this browser opened the app at: a registrar
// printing at the studio's LAN address still hands out the public one
// (docs/operations.md#links-in-e-mails).
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Certificate } from '@lfit/domain/certificates/record'
import { messages as enApp } from '../locales/en.po'
import { messages as enScreens } from '../locales/screens/en.po'
import { messages as slApp } from '../locales/sl.po'
import { messages as slScreens } from '../locales/screens/sl.po'
import { CertificateView } from './CertificateView'

const LAN = 'http://192.168.1.20:8080'
const VERIFY_AT = 'https://lfit.example.org/potrdilo'
const CODE = 'K7QM-3XPA-9TDE-W2HN'

const certificate: Omit<Certificate, '_id' | 'person' | 'issuedBy'> = {
  name: 'Eva Gost',
  scope: { kind: 'event', dayId: 'd1', title: 'Open studio day' },
  figures: {
    studyDays: 1,
    attended: 1,
    missed: 0,
    madeUp: 0,
    late: 0,
    from: '2026-11-14',
    to: '2026-11-14',
  },
  issuedAt: '2026-11-15T09:00:00.000Z',
  code: CODE,
  status: 'valid',
  languages: ['sl', 'en'],
}

function render(locale: 'en' | 'sl'): string {
  const i18n = setupI18n({
    locale,
    messages: { en: { ...enApp, ...enScreens }, sl: { ...slApp, ...slScreens } },
  })
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <CertificateView certificate={certificate} verifyAt={VERIFY_AT} />
    </I18nProvider>,
  )
}

describe('a certificate printed at another address than PUBLIC_URL', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it.each(['sl', 'en'] as const)('%s screen: both pages carry the given page only', (locale) => {
    vi.stubGlobal('location', new URL(`${LAN}/ATMcerts?id=K7QM3XPA`))
    const html = render(locale)
    const qrUrls = [...html.matchAll(/data-qr-url="([^"]*)"/g)].map((match) => match[1])
    expect(qrUrls).toEqual([`${VERIFY_AT}?koda=${CODE}`, `${VERIFY_AT}?koda=${CODE}`])
    expect(html).toContain(`Pristnost preverite na ${VERIFY_AT}<`)
    expect(html).toContain(`Check that it is genuine at ${VERIFY_AT}<`)
    expect(html).not.toContain('192.168.1.20')
  })
})
