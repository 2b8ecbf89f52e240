// The lightbox (yet-another-react-lightbox): swipe on a phone, arrows and keys on a desk, the
// screen size with the thumbnail in srcset, the caption in the UI's language, and the request
// to hide a photo of oneself, asked with a confirmation. Loaded on first use only (AlbumScreen).
import { useMemo, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import Lightbox from 'yet-another-react-lightbox'
import Captions from 'yet-another-react-lightbox/plugins/captions'
import 'yet-another-react-lightbox/styles.css'
import 'yet-another-react-lightbox/plugins/captions.css'
import type { PhotoView } from '@lfit/domain/photos/wire'
import { ConfirmButton } from '../ui/buttons'
import { inLanguage } from './text'

/** The library fills these in itself ("3 of 20"); the words around them are ours. */
const INDEX = '{index}'
const TOTAL = '{total}'

export default function PhotoLightbox({
  photos,
  index,
  onClose,
  onHide,
}: {
  photos: readonly PhotoView[]
  index: number
  onClose: () => void
  onHide: (photo: PhotoView) => Promise<void>
}) {
  const { t, i18n } = useLingui()
  const [shown, setShown] = useState(index)
  const current = photos[shown]
  // The same slides on every render: the viewer keeps its place while the toolbar follows it.
  const slides = useMemo(
    () =>
      photos.map((photo) => ({
        src: photo.screen.url,
        width: photo.screen.width,
        height: photo.screen.height,
        alt: inLanguage(photo.caption, i18n.locale),
        description: inLanguage(photo.caption, i18n.locale) || undefined,
        srcSet: [
          { src: photo.thumb.url, width: photo.thumb.width, height: photo.thumb.height },
          { src: photo.screen.url, width: photo.screen.width, height: photo.screen.height },
        ],
      })),
    [photos, i18n.locale],
  )
  return (
    <Lightbox
      open
      close={onClose}
      index={shown}
      plugins={[Captions]}
      on={{ view: ({ index: viewed }) => setShown(viewed) }}
      carousel={{ finite: true, preload: 1 }}
      controller={{ closeOnBackdropClick: true }}
      captions={{ descriptionTextAlign: 'center', descriptionMaxLines: 4 }}
      labels={{
        Previous: t`Previous photo`,
        Next: t`Next photo`,
        Close: t`Close`,
        Lightbox: t`Photo viewer`,
        'Photo gallery': t`Photos`,
        Carousel: t`Photos`,
        Slide: t`Photo`,
        '{index} of {total}': t`${INDEX} of ${TOTAL}`,
      }}
      slides={slides}
      toolbar={{
        buttons: [
          current && (
            <ConfirmButton
              key="hide"
              className="btn btn-small lightbox-hide"
              question={t`Hide this photo? It is hidden from everyone at once; the photo editors then decide whether it stays hidden.`}
              confirmLabel={t`Hide the photo`}
              onConfirm={() => onHide(current)}
            >
              {t`Hide this photo of me`}
            </ConfirmButton>
          ),
          'close',
        ],
      }}
    />
  )
}
