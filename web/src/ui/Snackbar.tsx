// Short messages at the bottom of the screen, one at a time, gone after 5000 ms (docs/product-rules.md#constants).
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'

export const SNACKBAR_TIMEOUT_MS = 5000

export type SnackKind = 'info' | 'error'

interface Snack {
  id: number
  message: string
  kind: SnackKind
}

interface SnackbarApi {
  show(message: string, kind?: SnackKind): void
}

const SnackbarContext = createContext<SnackbarApi>({ show: () => undefined })

export function useSnackbar(): SnackbarApi {
  return useContext(SnackbarContext)
}

let nextId = 1

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const { t } = useLingui()
  const [snack, setSnack] = useState<Snack | null>(null)
  const show = useCallback((message: string, kind: SnackKind = 'info') => {
    setSnack({ id: nextId++, message, kind })
  }, [])
  useEffect(() => {
    if (!snack) return
    const timer = setTimeout(() => setSnack(null), SNACKBAR_TIMEOUT_MS)
    return () => clearTimeout(timer)
  }, [snack])
  const api = useMemo(() => ({ show }), [show])
  return (
    <SnackbarContext.Provider value={api}>
      {children}
      <div aria-live="polite" role="status">
        {snack && (
          <div className="snackbar" data-kind={snack.kind} key={snack.id}>
            <span>{snack.message}</span>
            <button type="button" className="btn btn-text btn-small" onClick={() => setSnack(null)}>
              {t`Close`}
            </button>
          </div>
        )}
      </div>
    </SnackbarContext.Provider>
  )
}
