// The app: language, the event bus and live status, snackbar, the router, and a last-resort error boundary around them all.
import { Component, useEffect, type ReactNode } from 'react'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { useLingui } from '@lingui/react/macro'
import { RouterProvider } from '@tanstack/react-router'
import { onApiError } from '../api/api'
import { ErrorPage } from '../errors/ErrorPage'
import type { EventBus } from '../events/bus'
import { EventBusProvider } from '../events/context'
import { LiveStatusContext, type LiveStatusStore } from '../live/status'
import { refreshSession, sessionState } from '../session/session'
import { SnackbarProvider, useSnackbar } from '../ui/Snackbar'
import type { AppRouter } from './router'

/** A failed database call shows a translated error; a lost session is noticed at once. */
function ApiErrorSnackbar() {
  const { t, i18n: active } = useLingui()
  const snackbar = useSnackbar()
  useEffect(
    () =>
      onApiError((error, call) => {
        if (call.kind !== 'db') return
        if (error.status === 401 && sessionState().user) void refreshSession()
        const detail = error.bilingual ? error.bilingual[active.locale === 'sl' ? 'sl' : 'en'] : ''
        snackbar.show(
          error.offline
            ? t`You are offline: the data could not be loaded or saved.`
            : detail
              ? t`The data could not be loaded or saved: ${detail}`
              : t`The data could not be loaded or saved.`,
          'error',
        )
      }),
    [snackbar, t, active],
  )
  return null
}

class FatalErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null }
  static getDerivedStateFromError(error: unknown) {
    return { error }
  }
  override render() {
    return this.state.error ? <ErrorPage error={this.state.error} /> : this.props.children
  }
}

export function App({
  router,
  bus,
  live,
}: {
  router: AppRouter
  bus: EventBus
  live: LiveStatusStore
}) {
  return (
    <I18nProvider i18n={i18n}>
      <EventBusProvider bus={bus}>
        <LiveStatusContext.Provider value={live}>
          <FatalErrorBoundary>
            <SnackbarProvider>
              <ApiErrorSnackbar />
              <RouterProvider router={router} />
            </SnackbarProvider>
          </FatalErrorBoundary>
        </LiveStatusContext.Provider>
      </EventBusProvider>
    </I18nProvider>
  )
}
