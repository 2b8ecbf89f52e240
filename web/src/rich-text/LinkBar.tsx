// Sets or removes the link on the selected text: a short form under the toolbar rather than the
// browser's prompt, so it can say what is wrong with an address in the user's language.
import { useState, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Editor } from '@tiptap/react'

/** A web or mail address, as the server's allow-list keeps it. */
const LINK_ADDRESS = /^(https?:\/\/|mailto:)\S+$/i

export function LinkBar({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useLingui()
  const current = (editor.getAttributes('link').href as string | undefined) ?? ''
  const [address, setAddress] = useState(current || 'https://')
  const [error, setError] = useState('')

  function apply(event: FormEvent) {
    event.preventDefault()
    const href = address.trim()
    if (!LINK_ADDRESS.test(href)) {
      setError(t`Write a full web address (https://…) or an e-mail link (mailto:…).`)
      return
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run()
    onClose()
  }

  return (
    <form className="rich-text-link" onSubmit={apply}>
      <label>
        <span>
          <Trans>Link address</Trans>
        </span>
        <input
          className="input"
          type="url"
          inputMode="url"
          value={address}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setAddress(event.target.value)
            setError('')
          }}
          autoFocus
        />
      </label>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
      <span className="btn-row">
        <button type="submit" className="btn btn-primary">
          <Trans>Set link</Trans>
        </button>
        {current && (
          <button
            type="button"
            className="btn"
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run()
              onClose()
            }}
          >
            <Trans>Remove link</Trans>
          </button>
        )}
        <button type="button" className="btn btn-text" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
      </span>
    </form>
  )
}
