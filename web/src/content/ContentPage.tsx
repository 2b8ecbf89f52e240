// A public information page: HTML compiled at build time from the page's Markdown file, loaded
// on demand for the current language.
import { useEffect, useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { loadPage, pages, type PageContent } from 'virtual:content-pages'

export function hasContentPage(slug: string): boolean {
  return slug.toLowerCase() in pages
}

export function contentPageSummary(slug: string, lang: 'en' | 'sl') {
  return pages[slug.toLowerCase()]?.[lang]
}

export function ContentPage({ slug, lang }: { slug: string; lang: 'en' | 'sl' }) {
  const [page, setPage] = useState<{ key: string; content: PageContent | undefined } | null>(null)
  const key = `${slug.toLowerCase()}.${lang}`
  useEffect(() => {
    let live = true
    void loadPage(slug.toLowerCase(), lang).then((content) => {
      if (live) setPage({ key, content })
    })
    return () => {
      live = false
    }
  }, [slug, lang, key])
  if (!page || page.key !== key)
    return (
      <p aria-busy="true">
        <Trans>Loading…</Trans>
      </p>
    )
  if (!page.content) return null
  // The HTML comes from our own content files, compiled at build time; nothing user-supplied.
  return (
    <article className="content-page" dangerouslySetInnerHTML={{ __html: page.content.html }} />
  )
}
