// One public page in the editor: its title, description and text in both languages, a preview as
// visitors will see it, publishing (a new version, shown at once), and the earlier versions, any
// of which can be shown again (docs/0050-public-pages-and-news-are-data.md).
import { useState } from 'react'
import { useRouter } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  MAX_PAGE_DESCRIPTION,
  MAX_PAGE_TITLE,
  pageDraftSchema,
  type PageDraft,
  type PageVersion,
  type PageView,
} from '@lfit/domain/pages/page'
import { useBilingual, useCallErrorText } from '../../auth/messages'
import { BilingualRichTextField, BilingualTextField } from '../../editing/fields'
import { formatDateTime } from '../../i18n/date-format'
import { forgetPage } from '../page-text'
import { restoreVersion, savePage } from './pages-api'

type FieldErrors = Partial<Record<'title' | 'description' | 'html', string>>

/** The first message of each field the schema refuses, in the screen's language. */
function fieldErrors(draft: PageDraft, bilingual: (message: string) => string): FieldErrors {
  const parsed = pageDraftSchema.safeParse(draft)
  if (parsed.success) return {}
  const errors: FieldErrors = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof FieldErrors
    errors[field] ??= bilingual(issue.message)
  }
  return errors
}

/** What the last save or restore said; kept by the screen, since the form starts anew after it. */
export interface PageFormStatus {
  slug: string
  kind: 'ok' | 'error'
  text: string
}

export function PageForm({
  open,
  status,
  onStatus,
}: {
  open: { page: PageView; versions: PageVersion[] }
  status: PageFormStatus | null
  onStatus: (status: PageFormStatus | null) => void
}) {
  const { t, i18n } = useLingui()
  const router = useRouter()
  const bilingual = useBilingual()
  const errorText = useCallErrorText()
  const { page } = open
  const [draft, setDraft] = useState<PageDraft>({
    title: page.title,
    description: page.description,
    html: page.html,
  })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [preview, setPreview] = useState(false)
  const [busy, setBusy] = useState(false)

  const done = async (call: () => Promise<PageView>, said: string) => {
    setBusy(true)
    onStatus(null)
    try {
      await call()
      forgetPage(page.slug)
      onStatus({ slug: page.slug, kind: 'ok', text: said })
      // The form starts again from what is now shown, with the new version in the history.
      await router.invalidate()
    } catch (error) {
      onStatus({ slug: page.slug, kind: 'error', text: errorText(error) })
    } finally {
      setBusy(false)
    }
  }

  const publish = () => {
    const found = fieldErrors(draft, bilingual)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    void done(() => savePage(page.slug, draft), t`Published. Visitors see the new text now.`)
  }

  return (
    <div className="page-form">
      <h2>{page.title[i18n.locale === 'sl' ? 'sl' : 'en']}</h2>
      <p className="muted">
        <Trans>
          Address:{' '}
          <a href={page.slug === 'home' ? '/' : `/${page.slug}`}>
            /{page.slug === 'home' ? '' : page.slug}
          </a>
        </Trans>
      </p>
      <BilingualTextField
        label={t`Title`}
        name="title"
        sl={draft.title.sl}
        en={draft.title.en}
        maxLength={MAX_PAGE_TITLE}
        error={errors.title}
        onChange={(title) => setDraft((now) => ({ ...now, title }))}
      />
      <BilingualTextField
        label={t`Description for search engines and link previews`}
        name="description"
        sl={draft.description.sl}
        en={draft.description.en}
        maxLength={MAX_PAGE_DESCRIPTION}
        error={errors.description}
        onChange={(description) => setDraft((now) => ({ ...now, description }))}
      />
      <BilingualRichTextField
        label={t`Text`}
        sl={page.html.sl}
        en={page.html.en}
        onChange={(html) => setDraft((now) => ({ ...now, html }))}
      />
      {errors.html && (
        <p className="field-error" role="alert">
          {errors.html}
        </p>
      )}
      <p className="btn-row">
        <button type="button" className="btn" onClick={() => setPreview((shown) => !shown)}>
          {preview ? <Trans>Hide the preview</Trans> : <Trans>Preview</Trans>}
        </button>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={publish}>
          <Trans>Publish</Trans>
        </button>
      </p>
      {status?.slug === page.slug && (
        <p
          className={status.kind === 'ok' ? 'notice' : 'alert'}
          role={status.kind === 'ok' ? 'status' : 'alert'}
        >
          {status.text}
        </p>
      )}
      {preview && (
        <div className="page-preview" aria-label={t`Preview`}>
          {(['sl', 'en'] as const).map((lang) => (
            <article key={lang} className="content-page card" lang={lang}>
              <h1>{draft.title[lang]}</h1>
              {/* The editor's own text, as the editor produced it; the server sanitises it on save. */}
              <div dangerouslySetInnerHTML={{ __html: draft.html[lang] }} />
            </article>
          ))}
        </div>
      )}
      <h3>
        <Trans>Earlier versions</Trans>
      </h3>
      <ul className="page-versions">
        {open.versions.map((version) => (
          <li key={version.version}>
            <span>
              {formatDateTime(i18n.locale, Date.parse(version.at))} ·{' '}
              {version.by ?? t`first version`}
            </span>
            {version.version === page.version ? (
              <span className="muted">
                <Trans>shown now</Trans>
              </span>
            ) : (
              <button
                type="button"
                className="btn btn-small"
                disabled={busy}
                onClick={() =>
                  void done(
                    () => restoreVersion(page.slug, version.version),
                    t`The earlier version is shown again.`,
                  )
                }
              >
                <Trans>Show this version again</Trans>
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}
