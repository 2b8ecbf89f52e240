// A certificate on screen, ready to print: the language(s) to print and the Print button above
// the A4 pages. Shared by /ATMcerts (the issuers) and /potrdilo (its holder, from /mojRacun).
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Certificate } from '@lfit/domain/certificates/record'
import type { Lang } from '@lfit/domain/messages/bilingual'
import { CertificateDocument } from './CertificateDocument'

type Choice = 'both' | Lang

export function CertificateView({
  certificate,
  verifyAt,
}: {
  certificate: Pick<Certificate, 'name' | 'scope' | 'figures' | 'issuedAt' | 'code' | 'status'> & {
    languages?: Certificate['languages']
  }
  /** The verification page at PUBLIC_URL, from the answer the certificate came in. */
  verifyAt: string
}) {
  const { t } = useLingui()
  const given = certificate.languages ?? ['sl', 'en']
  const [choice, setChoice] = useState<Choice>(given.length === 1 ? (given[0] as Lang) : 'both')
  const languages: Lang[] = choice === 'both' ? ['sl', 'en'] : [choice]
  return (
    <>
      <div className="certificate-controls">
        <label>
          <Trans>Print in</Trans>{' '}
          <select
            value={choice}
            onChange={(event) => setChoice(event.target.value as Choice)}
            className="input"
          >
            <option value="both">{t`Slovenian and English (one page each)`}</option>
            <option value="sl">{t`Slovenian`}</option>
            <option value="en">{t`English`}</option>
          </select>
        </label>
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          <Trans>Print or save as PDF</Trans>
        </button>
      </div>
      <CertificateDocument certificate={certificate} languages={languages} verifyAt={verifyAt} />
    </>
  )
}
