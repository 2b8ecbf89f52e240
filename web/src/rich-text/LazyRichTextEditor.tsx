// The rich-text editor as screens use it: its code (TipTap and ProseMirror, about 100 kB gzip) is
// loaded only when a screen shows an editor, in a chunk of its own that is neither in the first
// route nor in the offline precache (vite.config.ts).
import { lazy, Suspense } from 'react'
import { Trans } from '@lingui/react/macro'
import type { RichTextEditorProps } from './RichTextEditor'

const RichTextEditor = lazy(() => import('./RichTextEditor'))

export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <p className="muted" role="status">
          <Trans>Loading the editor…</Trans>
        </p>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  )
}
