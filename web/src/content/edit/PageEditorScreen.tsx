// /urejanjeStrani (admin, pageEditor; docs/0050-public-pages-and-news-are-data.md): the public
// pages and the news, written in the app. The list of pages and posts on one side; the page
// (?stran=) or post (?novica=, `nova` for a new one) being edited on the other.
import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useScreenRead } from '../../app/screen-reads'
import { formatDay } from '../../i18n/date-format'
import { NewsForm } from './NewsForm'
import { PageForm, type PageFormStatus } from './PageForm'
import './page-editor.css'

export default function PageEditorScreen() {
  const { i18n } = useLingui()
  const read = useScreenRead('/urejanjestrani')
  const [status, setStatus] = useState<PageFormStatus | null>(null)
  const lang = i18n.locale === 'sl' ? 'sl' : 'en'
  const post = read.post === 'nova' ? null : read.news.find((item) => item.id === read.post)
  return (
    <section className="page-editor" aria-labelledby="page-editor-title">
      <h1 id="page-editor-title">
        <Trans>Edit pages</Trans>
      </h1>
      <div className="page-editor-grid">
        <nav className="page-editor-list card" aria-labelledby="page-editor-pages">
          <h2 id="page-editor-pages">
            <Trans>Pages</Trans>
          </h2>
          <ul>
            {read.pages.map((page) => (
              <li key={page.slug}>
                <Link
                  to="/urejanjeStrani"
                  search={{ stran: page.slug }}
                  aria-current={read.open?.page.slug === page.slug ? 'page' : undefined}
                >
                  {page.title[lang]}
                </Link>
              </li>
            ))}
          </ul>
          <h2 id="page-editor-news">
            <Trans>News</Trans>
          </h2>
          <p>
            <Link to="/urejanjeStrani" search={{ novica: 'nova' }} className="btn">
              <Trans>New post</Trans>
            </Link>
          </p>
          <ul>
            {read.news.map((item) => (
              <li key={item.id}>
                <Link
                  to="/urejanjeStrani"
                  search={{ novica: item.id }}
                  aria-current={read.post === item.id ? 'page' : undefined}
                >
                  {item.title[lang]}
                </Link>{' '}
                <span className="muted">
                  {formatDay(i18n.locale, item.date)}
                  {!item.published && (
                    <>
                      {' · '}
                      <Trans>draft</Trans>
                    </>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </nav>
        <div className="page-editor-main">
          {read.open ? (
            // A new version (a save, a restore) starts the form again from what is shown now.
            <PageForm
              key={`${read.open.page.slug}@${read.open.page.version}`}
              open={read.open}
              status={status}
              onStatus={setStatus}
            />
          ) : read.post ? (
            <NewsForm key={read.post} post={post ?? null} />
          ) : (
            <p className="muted">
              <Trans>Choose a page or a news post to edit it.</Trans>
            </p>
          )}
        </div>
      </div>
    </section>
  )
}
