// The published news under the news page's own text, newest first, each with its date written out.
import { Trans, useLingui } from '@lingui/react/macro'
import type { NewsPost } from '@lfit/domain/pages/page'
import { formatDay } from '../i18n/date-format'

export default function NewsList({
  posts,
  lang,
}: {
  posts: readonly NewsPost[]
  lang: 'en' | 'sl'
}) {
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
