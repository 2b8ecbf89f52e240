// The material editor as other screens show it: /gradivaSeznam to editors, /projectMedia for
// project material. Its code (the form, the upload client) loads only when an editor opens it,
// so a participant reading the list never downloads it. Offline, the service worker has it.
import { lazy, Suspense } from 'react'
import { Trans } from '@lingui/react/macro'
import type { MaterialEditorProps } from './MaterialEditor'

const MaterialEditor = lazy(() => import('./MaterialEditor'))

export type MaterialEditorPanelProps = MaterialEditorProps

export function MaterialEditorPanel(props: MaterialEditorPanelProps) {
  return (
    <Suspense
      fallback={
        <p className="muted" role="status">
          <Trans>Loading the editor…</Trans>
        </p>
      }
    >
      <MaterialEditor {...props} />
    </Suspense>
  )
}
