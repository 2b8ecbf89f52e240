// /mojRacun's certificates section: the person's own certificates, each opened on the
// verification page, where its holder prints it or saves it as a PDF (participants do not open
// the issuers' /ATMcerts).
import { useEffect, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Certificate } from '@lfit/domain/certificates/record'
import { scopeText } from '@lfit/domain/certificates/wording'
import { useCallErrorText } from '../auth/messages'
import { formatDay } from '../i18n/date-format'
import { certificatesApi } from './certificates-api'

export function MyCertificates() {
  const { t, i18n } = useLingui()
  const errorText = useCallErrorText()
  const [certificates, setCertificates] = useState<Certificate[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    certificatesApi.mine().then(
      (loaded) => live && setCertificates(loaded),
      (failure: unknown) => live && setError(errorText(failure)),
    )
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const lang = i18n.locale === 'sl' ? 'sl' : 'en'
  if (error) return <p className="alert">{error}</p>
  if (!certificates) return <p aria-busy="true">{t`Loading…`}</p>
  if (certificates.length === 0) {
    return (
      <p>
        <Trans>
          No certificates yet. One is issued once a year is over and its days are made up.
        </Trans>
      </p>
    )
  }
  return (
    <ul className="my-certificates">
      {certificates.map((certificate) => (
        <li key={certificate._id} data-certificate={certificate.code}>
          <strong>{scopeText(certificate.scope, lang)}</strong>
          {', '}
          {formatDay(i18n.locale, certificate.issuedAt.slice(0, 10))}
          {certificate.status === 'revoked' && (
            <>
              {' '}
              <span className="badge">
                <Trans>revoked</Trans>
              </span>
            </>
          )}{' '}
          <Link to="/potrdilo" search={{ koda: certificate.code }} className="btn btn-small">
            <Trans>Open and print</Trans>
          </Link>
        </li>
      ))}
    </ul>
  )
}
