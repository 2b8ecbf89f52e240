// A public information page: its text as the studio's editors last saved it (docs/0050), loaded
// for the page and shown in the screen's language (the screen waits for it, in a Suspense
// boundary). The news page lists the published posts under its own text.
import { use, useReducer } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { NewsPost } from '@lfit/domain/pages/page'
import { formatDay } from '../i18n/date-format'
import { forgetPage, pageContent } from './page-text'

function NewsList({ posts, lang }: { posts: readonly NewsPost[]; lang: 'en' | 'sl' }) {
  const { i18n } = useLingui()
  if (posts.length === 0) {
    return (
      <p className="muted">
        <Trans>No news yet.</Trans>
      </p>
    )
  }
  return (
    <div className="news-list">
      {posts.map((post) => (
        <article key={post.id} className="news-post">
          <h2>{post.title[lang]}</h2>
          <p className="muted">
            <time dateTime={post.date}>{formatDay(i18n.locale, post.date)}</time>
          </p>
          {/* Sanitised by the server when saved (sync-server/src/rich-text/sanitize.ts). */}
          <div dangerouslySetInnerHTML={{ __html: post.html[lang] }} />
        </article>
      ))}
    </div>
  )
}

export function ContentPage({ slug, lang }: { slug: string; lang: 'en' | 'sl' }) {
  const [, retry] = useReducer((count: number) => count + 1, 0)
  const text = use(pageContent(slug))
  if (!text) return null
  if (text === 'unavailable') {
    return (
      <div className="content-page" role="status">
        <p>
          <Trans>This page is not on this device yet. Connect to the internet and try again.</Trans>
        </p>
        <button
          type="button"
          className="btn"
          onClick={() => {
            forgetPage(slug)
            retry()
          }}
        >
          <Trans>Try again</Trans>
        </button>
      </div>
    )
  }
  return (
    <>
      <article className="content-page">
        <h1>{text.page.title[lang]}</h1>
        {/* Sanitised by the server when saved, from the editors' own text (docs/0050). */}
        <div dangerouslySetInnerHTML={{ __html: text.page.html[lang] }} />
      </article>
      {text.news && <NewsList posts={text.news} lang={lang} />}
    </>
  )
}
