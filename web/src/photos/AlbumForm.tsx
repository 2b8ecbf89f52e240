// An album's titles in both languages and what it belongs to: a training block (from the
// timetable), a project, or an event (named by the editor).
import { useState, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { splitBilingual } from '@lfit/domain/messages/bilingual'
import type { AlbumOwnerKind } from '@lfit/domain/photos/photo'
import { albumInputSchema, type AlbumInput } from '@lfit/domain/photos/wire'
import { schedule } from '@lfit/domain/schedule'
import { PROJECTS } from '@lfit/domain/users/user'
import { useCallErrorText } from '../auth/messages'
import { BilingualTextField } from '../editing/fields'
import { formatDayRange } from '../i18n/date-format'

const EMPTY: AlbumInput = { title: { sl: '', en: '' }, owner: { kind: 'block', ref: '' } }

export function AlbumForm({
  initial = EMPTY,
  onSave,
  onCancel,
}: {
  initial?: AlbumInput
  onSave: (input: AlbumInput) => Promise<void>
  onCancel: () => void
}) {
  const { t, i18n } = useLingui()
  const errorText = useCallErrorText()
  const [input, setInput] = useState<AlbumInput>(initial)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const blocks = schedule().blocks.filter((block) => !block.extraMaterial)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = albumInputSchema.safeParse(input)
    if (!parsed.success) {
      const first = parsed.error.issues[0]?.message ?? ''
      const message = splitBilingual(first)
      setError(i18n.locale === 'en' ? message.en : message.sl)
      return
    }
    setBusy(true)
    setError(null)
    try {
      await onSave(parsed.data)
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setBusy(false)
    }
  }
  const setOwner = (kind: AlbumOwnerKind, ref = '') =>
    setInput((now) => ({ ...now, owner: { kind, ref } }))

  return (
    <form className="form card album-form" onSubmit={(event) => void submit(event)}>
      <BilingualTextField
        label={t`Title`}
        name="title"
        sl={input.title.sl}
        en={input.title.en}
        onChange={(title) => setInput((now) => ({ ...now, title }))}
      />
      <label className="field">
        <span>
          <Trans>The album belongs to</Trans>
        </span>
        <select
          name="ownerKind"
          value={input.owner.kind}
          onChange={(e) => setOwner(e.target.value as AlbumOwnerKind)}
        >
          <option value="block">{t`a training block`}</option>
          <option value="event">{t`an event`}</option>
          <option value="project">{t`a project`}</option>
        </select>
      </label>
      <label className="field">
        <span>
          {input.owner.kind === 'block'
            ? t`Block`
            : input.owner.kind === 'project'
              ? t`Project`
              : t`Event`}
        </span>
        {input.owner.kind === 'event' ? (
          <input
            name="ownerRef"
            value={input.owner.ref}
            onChange={(e) => setOwner('event', e.target.value)}
          />
        ) : (
          <select
            name="ownerRef"
            value={input.owner.ref}
            onChange={(e) => setOwner(input.owner.kind, e.target.value)}
          >
            <option value="">{t`Choose…`}</option>
            {input.owner.kind === 'block'
              ? blocks.map((block) => (
                  <option key={block.block_id} value={block.block_id}>
                    {t`Year ${block.year}`}: {formatDayRange(i18n.locale, block.from, block.to)}
                  </option>
                ))
              : PROJECTS.map((project) => (
                  <option key={project} value={project}>
                    {project}
                  </option>
                ))}
          </select>
        )}
      </label>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <div className="btn-row">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          <Trans>Save album</Trans>
        </button>
        <button type="button" className="btn btn-text" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  )
}
