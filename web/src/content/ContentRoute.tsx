// A public information page in the router: the page named by the path, in the UI language.
// Its title and description are the page's own, as its editors wrote them (set by the layout).
import { useLingui } from '@lingui/react'
import { useLocation } from '@tanstack/react-router'
import { ContentPage } from './ContentPage'
import { contentSlug } from './page-names'

export default function ContentRoute() {
  const { i18n } = useLingui()
  const lang = i18n.locale === 'sl' ? 'sl' : 'en'
  const slug = useLocation({ select: (location) => contentSlug(location.pathname) })
  return <ContentPage slug={slug} lang={lang} />
}
