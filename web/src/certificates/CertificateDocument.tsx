// A certificate as printed (docs/product-rules.md#certificates): one A4 page per language, with
// the programme's name, the person, what and when, the figures, the signature line, the code and
// a QR code of the verification page. Only the pages print; the screen's controls do not. The
// page's address is the one the server's answer gave (`verifyAt`, at PUBLIC_URL), never this
// browser's own (docs/operations.md#links-in-e-mails).
import { useLingui } from '@lingui/react/macro'
import { verifyLink, type Certificate } from '@lfit/domain/certificates/record'
import { certificateWording } from '@lfit/domain/certificates/wording'
import type { Lang } from '@lfit/domain/messages/bilingual'
import { QrCode } from '../qr/QrCode'
import './certificate.css'

type Printable = Pick<Certificate, 'name' | 'scope' | 'figures' | 'issuedAt' | 'code'> & {
  status: Certificate['status']
}

function Page({
  certificate,
  lang,
  verifyAt,
}: {
  certificate: Printable
  lang: Lang
  verifyAt: string
}) {
  const { t } = useLingui()
  const words = certificateWording(certificate, lang, verifyAt)
  return (
    <article className="certificate-page" lang={lang} data-language={lang}>
      <p className="certificate-programme">{words.programme}</p>
      <h2 className="certificate-title">{words.title}</h2>
      {certificate.status === 'revoked' && (
        <p className="certificate-revoked">{lang === 'sl' ? 'PREKLICANO' : 'REVOKED'}</p>
      )}
      <p className="certificate-name">{certificate.name}</p>
      <p className="certificate-text">{words.certifies}</p>
      <p>{words.period}</p>
      {words.figures.length > 0 && (
        <dl className="certificate-figures">
          {words.figures.map((figure) => (
            <div key={figure.label}>
              <dt>{figure.label}</dt>
              <dd>{figure.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <p>{words.issued}</p>
      <div className="certificate-signature">
        <span className="certificate-signature-line" />
        <span>{words.signature}</span>
      </div>
      <footer className="certificate-footer">
        <QrCode
          text={verifyLink(verifyAt, certificate.code)}
          label={t`QR code of the verification page`}
          className="certificate-qr"
        />
        <div>
          <p className="certificate-code">{words.code}</p>
          <p>{words.verify}</p>
        </div>
      </footer>
    </article>
  )
}

export function CertificateDocument({
  certificate,
  languages,
  verifyAt,
}: {
  certificate: Printable
  languages: readonly Lang[]
  /** The verification page at PUBLIC_URL, as the certificate's answer carried it. */
  verifyAt: string
}) {
  return (
    <div className="certificate-sheets">
      {languages.map((lang) => (
        <Page key={lang} certificate={certificate} lang={lang} verifyAt={verifyAt} />
      ))}
    </div>
  )
}
