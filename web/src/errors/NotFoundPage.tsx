// An address that matches no route: 404 'Page not found: {path}' inside the normal layout.
import { useLocation } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { DefaultLayout } from '../layout/DefaultLayout'
import { usePageTitle } from '../layout/page-title'
import { errorMessage } from '@lfit/domain/api/errors'

export function NotFoundPage() {
  const { t, i18n } = useLingui()
  const lang = i18n.locale === 'sl' ? 'sl' : 'en'
  const path = useLocation({ select: (location) => location.pathname })
  usePageTitle(t`Page not found`)
  return (
    <DefaultLayout>
      <section className="not-found" data-status="404">
        <p className="error-status">404</p>
        <h1>{errorMessage('pageNotFound', { path })[lang]}</h1>
        <p>
          <a href="/">
            <Trans>Go to the home page</Trans>
          </a>
        </p>
      </section>
    </DefaultLayout>
  )
}
