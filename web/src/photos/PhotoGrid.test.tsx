// The album grid as a phone and a desk get it: every image with its size in srcset, the cell
// widths in sizes and its own width and height (so nothing moves while it loads), the first
// screen eager and the rest lazy, captions in the UI's language (else the other one), and the
// editor's marks for the cover and a hidden photo.
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { PhotoView } from '@lfit/domain/photos/wire'
import { messages as enApp } from '../locales/en.po'
import { messages as enScreens } from '../locales/screens/en.po'
import { messages as slApp } from '../locales/sl.po'
import { messages as slScreens } from '../locales/screens/sl.po'
import { GRID_SIZES, PhotoGrid } from './PhotoGrid'

const photo = (n: number, more: Partial<PhotoView> = {}): PhotoView => ({
  id: `photo${n}`,
  albumId: 'album',
  caption: { sl: '', en: '' },
  thumb: { url: `/api/photos/files/photo${n}/thumb?v=a`, width: 400, height: 300 },
  screen: { url: `/api/photos/files/photo${n}/screen?v=b`, width: 1600, height: 1200 },
  ...more,
})

function render(locale: 'en' | 'sl', photos: PhotoView[], editor = false): string {
  const i18n = setupI18n({
    locale,
    messages: { en: { ...enApp, ...enScreens }, sl: { ...slApp, ...slScreens } },
  })
  const html = renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <PhotoGrid
        photos={photos}
        coverId="photo0"
        editor={editor}
        onOpen={() => undefined}
        onEdit={() => undefined}
      />
    </I18nProvider>,
  )
  return html
}

/** The attributes of each element `<tag …>` of the markup (lower-case names). */
function elements(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))].map((match) =>
    Object.fromEntries(
      [...(match[1] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name = '', value = '']) => [
        name.toLowerCase(),
        value.replace(/&amp;/g, '&'),
      ]),
    ),
  )
}

describe('the photo grid', () => {
  const photos = Array.from({ length: 12 }, (_, n) => photo(n))

  it('gives each image its sizes and its own width and height, lazy after the first screen', () => {
    const images = elements(render('en', photos), 'img')
    expect(images).toHaveLength(12)
    expect(images[0]?.srcset).toBe(
      '/api/photos/files/photo0/thumb?v=a 400w, /api/photos/files/photo0/screen?v=b 1600w',
    )
    expect(images[0]?.sizes).toBe(GRID_SIZES)
    expect([images[0]?.width, images[0]?.height]).toEqual(['400', '300'])
    expect(images.map((image) => image.loading)).toEqual([
      ...Array(9).fill('eager'),
      ...Array(3).fill('lazy'),
    ])
  })

  it.each([
    ['en', { sl: 'Na odru', en: 'On stage' }, 'On stage'],
    ['sl', { sl: 'Na odru', en: 'On stage' }, 'Na odru'],
    ['sl', { sl: '', en: 'On stage' }, 'On stage'],
    ['en', { sl: '', en: '' }, 'Photo 1'],
    ['sl', { sl: '', en: '' }, 'Fotografija 1'],
  ] as const)('in %s shows the caption %j as %s', (locale, caption, label) => {
    const [button] = elements(render(locale, [photo(0, { caption })]), 'button')
    expect(button?.['aria-label']).toBe(label)
  })

  it('marks the cover and a hidden photo for an editor only', () => {
    const hidden = photo(1, { hide: { requestedBy: 'ana', requestedAt: 1 } })
    const forEditor = render('en', [photo(0), hidden], true)
    expect(
      [...forEditor.matchAll(/class="photo-mark(?: photo-mark-hidden)?">([^<]*)</g)].map(
        (m) => m[1],
      ),
    ).toEqual(['Cover', 'Hidden'])
    expect(forEditor.match(/photo-edit/g)).toHaveLength(2)
    const forReader = render('en', [photo(0)])
    expect(forReader).not.toMatch(/photo-mark|photo-edit/)
  })
})
