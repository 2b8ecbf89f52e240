// The error page that replaces the app on a fatal error: status 500 unless the error carries
// one, 'Page Not Found' for 404 and 'Internal Server Error' otherwise (docs/product-rules.md#errors). Search and
// social bots get nothing rendered. A chunk that failed to load reloads the page instead.
import { useEffect } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { errorPageMessage, isBot } from '@lfit/domain/api/errors'
import type { Bilingual } from '@lfit/domain/messages/bilingual'
import { isChunkLoadError } from '../pwa/reload-guard'
import { reloadAfterChunkError } from '../pwa/updates'

/** A fatal error with an HTTP-like status, for example a route whose rule refused the path. */
export class RouteError extends Error {
  constructor(
    readonly status: number,
    readonly bilingual: Bilingual,
  ) {
    super(bilingual.en)
    this.name = 'RouteError'
  }
}

export function errorStatus(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500
}

export function ErrorPage({ error }: { error: unknown }) {
  const { i18n } = useLingui()
  const lang = i18n.locale === 'sl' ? 'sl' : 'en'
  const chunkError = isChunkLoadError(error)
  const status = errorStatus(error)
  useEffect(() => {
    // Marks the document, so that a check (or a test) sees the error even when a bot gets none.
    document.documentElement.dataset.errorStatus = String(status)
    if (chunkError) reloadAfterChunkError()
    else if (status < 500) console.warn(error instanceof Error ? error.message : error)
    return () => void delete document.documentElement.dataset.errorStatus
  }, [chunkError, error, status])
  if (typeof navigator !== 'undefined' && isBot(navigator.userAgent)) return null
  const detail = error instanceof RouteError ? error.bilingual[lang] : null
  return (
    <main className="error-page page" data-status={status}>
      <p className="error-status">{status}</p>
      <h1>{errorPageMessage(status).message[lang]}</h1>
      {detail && <p>{detail}</p>}
      <p className="btn-row">
        <a className="btn btn-primary" href="/">
          <Trans>Go to the home page</Trans>
        </a>
        <button type="button" className="btn" onClick={() => location.reload()}>
          <Trans>Reload</Trans>
        </button>
      </p>
    </main>
  )
}
