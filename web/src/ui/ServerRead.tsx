// How every screen shows a server read that is under way or failed (docs/0036): one "Loading…"
// line, and one failure block that says in words what went wrong (offline, or the server's own
// bilingual message) with a "Try again" button that runs the route's loader again.
import { useState, type Dispatch, type SetStateAction } from 'react'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { ApiError } from '../api/client'
import { useCallErrorText } from '../auth/messages'

/** A read under way: the route's pending screen, and the same line inside a screen. */
export function ReadPending() {
  // t, not <Trans>: the route's table is on the first route, which stays without Lingui's
  // element formatter (web/scripts/check-bundle-size.mjs).
  const { t } = useLingui()
  return (
    <p className="read-pending muted" role="status" aria-busy="true">
      {t`Loading…`}
    </p>
  )
}

/** A failed read: what went wrong, in the product's words, and a way to ask again. */
export function ReadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useLingui()
  const errorText = useCallErrorText()
  return (
    <div className="read-failed card" data-read="failed">
      <p className="alert" role="alert">
        {errorText(error)}
      </p>
      <p className="btn-row">
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {t`Try again`}
        </button>
      </p>
    </div>
  )
}

/**
 * Asks the server again for what the screen on display read: the router runs the loaders of the
 * page again, which also resets the route's error block.
 */
export function useReadAgain(): () => Promise<void> {
  const router = useRouter()
  return () => router.invalidate()
}

/**
 * The route's error block: a server read that failed is shown in place with "Try again"; any
 * other error is a fault of the app and goes on to the app's error page.
 */
export function ScreenReadFailed({ error }: ErrorComponentProps) {
  const readAgain = useReadAgain()
  if (!(error instanceof ApiError)) throw error
  return <ReadFailed error={error} onRetry={() => void readAgain()} />
}

/**
 * State that starts as what the router read and starts again from each new read; in between, the
 * screen changes it after its own saves (a saved form, a deleted row) without reading again.
 * `read` keeps its identity until the router reads again (the router's answer, or a useMemo of it).
 */
export function useReadState<T>(read: T): [T, Dispatch<SetStateAction<T>>] {
  const [seen, setSeen] = useState(read)
  const [value, setValue] = useState(read)
  if (seen !== read) {
    setSeen(read)
    setValue(read)
    return [read, setValue]
  }
  return [value, setValue]
}
