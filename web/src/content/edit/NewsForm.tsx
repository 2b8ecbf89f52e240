// One news post in the editor: its date, title and text in both languages, published or kept as a
// draft; saved, or deleted after a question. Published posts show on /novice, newest first.
import { useState } from 'react'
import { useNavigate, useRouter } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  MAX_PAGE_TITLE,
  newsDraftSchema,
  type NewsDraft,
  type NewsPost,
} from '@lfit/domain/pages/page'
import { NEWS_PAGE } from '@lfit/domain/pages/address'
import { localDayStr } from '@lfit/domain/schedule/time'
import { useBilingual, useCallErrorText } from '../../auth/messages'
import { BilingualRichTextField, BilingualTextField } from '../../editing/fields'
import { DayField } from '../../ui/DayField'
import { forgetPage } from '../page-text'
import { deleteNews, saveNews } from './pages-api'

export function NewsForm({ post }: { post: NewsPost | null }) {
  const { t } = useLingui()
  const router = useRouter()
  const navigate = useNavigate()
  const bilingual = useBilingual()
  const errorText = useCallErrorText()
  const [draft, setDraft] = useState<NewsDraft>(
    post
      ? { date: post.date, title: post.title, html: post.html, published: post.published }
      : {
          date: localDayStr(Date.now()),
          title: { sl: '', en: '' },
          html: { sl: '', en: '' },
          published: true,
        },
  )
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const run = async (call: () => Promise<void>) => {
    setBusy(true)
    setError(null)
    setSaved(null)
    try {
      await call()
      forgetPage(NEWS_PAGE)
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setBusy(false)
    }
  }

  const save = () => {
    const parsed = newsDraftSchema.safeParse(draft)
    if (!parsed.success) {
      setError(bilingual(parsed.error.issues[0]?.message ?? ''))
      return
    }
    void run(async () => {
      const stored = await saveNews(post?.id ?? null, parsed.data)
      setSaved(draft.published ? t`Saved and published.` : t`Saved as a draft.`)
      await navigate({ to: '/urejanjeStrani', search: { novica: stored.id } })
      await router.invalidate()
    })
  }

  const remove = () => {
    if (!post || !window.confirm(t`Delete this news post? This cannot be undone.`)) return
    void run(async () => {
      await deleteNews(post.id)
      await navigate({ to: '/urejanjeStrani', search: {} })
    })
  }

  return (
    <div className="news-form">
      <h2>{post ? <Trans>Edit the news post</Trans> : <Trans>New news post</Trans>}</h2>
      <DayField
        label={t`Date`}
        name="date"
        value={draft.date}
        onChange={(date) => setDraft((now) => ({ ...now, date }))}
      />
      <BilingualTextField
        label={t`Title`}
        name="newsTitle"
        sl={draft.title.sl}
        en={draft.title.en}
        maxLength={MAX_PAGE_TITLE}
        onChange={(title) => setDraft((now) => ({ ...now, title }))}
      />
      <BilingualRichTextField
        label={t`Text`}
        sl={draft.html.sl}
        en={draft.html.en}
        onChange={(html) => setDraft((now) => ({ ...now, html }))}
      />
      <div className="field checks">
        <label>
          <input
            type="checkbox"
            checked={draft.published}
            onChange={(event) => setDraft((now) => ({ ...now, published: event.target.checked }))}
          />
          <Trans>Published (visitors see it on the news page)</Trans>
        </label>
      </div>
      <p className="btn-row">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={save}>
          <Trans>Save</Trans>
        </button>
        {post && (
          <button type="button" className="btn" disabled={busy} onClick={remove}>
            <Trans>Delete</Trans>
          </button>
        )}
      </p>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {saved && (
        <p className="notice" role="status">
          {saved}
        </p>
      )}
    </div>
  )
}
