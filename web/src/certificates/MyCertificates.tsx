// /mojRacun's certificates section: the person's own certificates, each opened on the
// verification page, where its holder prints it or saves it as a PDF (participants do not open
// the issuers' /ATMcerts). The router reads them with the account (web/src/app/screen-reads.ts).
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Certificate } from '@lfit/domain/certificates/record'
import { scopeText } from '@lfit/domain/certificates/wording'
import type { Settled } from '../app/screen-reads'
import { formatDay } from '../i18n/date-format'
import { ReadFailed, useReadAgain } from '../ui/ServerRead'

export function MyCertificates({ read }: { read: Settled<Certificate[]> }) {
  const { i18n } = useLingui()
  const readAgain = useReadAgain()
  const lang = i18n.locale === 'sl' ? 'sl' : 'en'
  if (!read.ok) return <ReadFailed error={read.error} onRetry={() => void readAgain()} />
  const certificates = read.value
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
