// A public information page: its text as the studio's editors last saved it (docs/0050), loaded
// for the page and shown in the screen's language (the screen waits for it, in a Suspense
// boundary). The news page lists the published posts under its own text.
import { lazy, Suspense, use, useReducer } from 'react'
import { useLingui } from '@lingui/react/macro'
import { forgetPage, pageContent } from './page-text'

// The news page's list (with its dates' formatting) loads only on the news page.
const NewsList = lazy(() => import('./NewsList'))

export function ContentPage({ slug, lang }: { slug: string; lang: 'en' | 'sl' }) {
  const { t } = useLingui()
  const [, retry] = useReducer((count: number) => count + 1, 0)
  const text = use(pageContent(slug))
  if (!text) return null
  if (text === 'unavailable') {
    return (
      <div className="content-page" role="status">
        <p>{t`This page is not on this device yet. Connect to the internet and try again.`}</p>
        <button
          type="button"
          className="btn"
          onClick={() => {
            forgetPage(slug)
            retry()
          }}
        >
          {t`Try again`}
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
      {text.news && (
        <Suspense fallback={null}>
          <NewsList posts={text.news} lang={lang} />
        </Suspense>
      )}
    </>
  )
}
