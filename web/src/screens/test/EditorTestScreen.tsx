// /test/editor: the rich-text editor of the material and content editors, and beside it the HTML
// the server would store after its sanitiser (POST /api/richText/sanitize, which stores nothing).
// The check runs on what is typed, as a form's would: it is not a read of the page, so it is
// asked here after a pause in typing, not by the router (docs/0036).
import { useEffect, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { sanitizeAnswerSchema } from '@lfit/domain/dev-pages/wire'
import { api } from '../../api/api'
import { useCallErrorText } from '../../auth/messages'
import { LazyRichTextEditor } from '../../rich-text/LazyRichTextEditor'
import './test-pages.css'

const SAMPLE =
  '<h2>Warm-up</h2><p>Start <strong>slowly</strong>, with the breath. Read more on <a href="https://example.org">the method</a>.</p><ul><li><p>Feet</p></li><li><p>Spine</p></li></ul>'

/** Waits this long after the last keystroke before asking the server (its calls are limited). */
const PAUSE_MS = 500

export default function EditorTestScreen() {
  const { t } = useLingui()
  const errorText = useCallErrorText()
  const [html, setHtml] = useState(SAMPLE)
  const [clean, setClean] = useState<string | null>(null)
  // Kept as it came and put in words when shown, so it follows the language.
  const [error, setError] = useState<unknown>(null)

  useEffect(() => {
    let live = true
    const timer = setTimeout(() => {
      api.action('/api/richText/sanitize', { html }, sanitizeAnswerSchema).then(
        (answer) => {
          if (!live) return
          setClean(answer.html)
          setError(null)
        },
        (failure: unknown) => live && setError(failure),
      )
    }, PAUSE_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [html])

  return (
    <section className="test-page">
      <h1>
        <Trans>Editor test</Trans>
      </h1>
      <p className="muted">
        <Trans>
          The editor of the material and content pages, and the HTML the server keeps of what you
          write after removing everything that is not allowed (scripts, styles, frames, images and
          unsafe links). Nothing here is saved.
        </Trans>
      </p>
      <div className="test-columns">
        <div>
          <h2>
            <Trans>Editor</Trans>
          </h2>
          <LazyRichTextEditor initialHtml={SAMPLE} onChange={setHtml} label={t`Text`} />
        </div>
        <div>
          <h2 id="sanitised-title">
            <Trans>What the server keeps</Trans>
          </h2>
          {error !== null && (
            <p className="field-error" role="alert">
              {errorText(error)}
            </p>
          )}
          <pre className="test-output" aria-labelledby="sanitised-title" data-testid="sanitised">
            {clean ?? t`Checking…`}
          </pre>
        </div>
      </div>
    </section>
  )
}
