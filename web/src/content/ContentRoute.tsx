// A public information page in the router: the page named by the path, in the UI language.
// Its title and description come from the content file (set by the layout), so a new file is a
// new page.
import { useLingui } from '@lingui/react'
import { useLocation } from '@tanstack/react-router'
import { ContentPage, contentSlug } from './ContentPage'

export default function ContentRoute() {
  const { i18n } = useLingui()
  const lang = i18n.locale === 'sl' ? 'sl' : 'en'
  const slug = useLocation({ select: (location) => contentSlug(location.pathname) })
  return <ContentPage slug={slug} lang={lang} />
}
