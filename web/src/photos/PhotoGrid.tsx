// The album's grid: square cells of a fixed aspect ratio, so nothing moves while thumbnails
// arrive; each image is lazy and picks its size from srcset/sizes (three columns on a phone,
// so a phone's first screen loads thumbnails, not screen sizes).
import { Trans, useLingui } from '@lingui/react/macro'
import type { PhotoView } from '@lfit/domain/photos/wire'
import { isHidden } from '@lfit/domain/photos/access'
import { inLanguage } from './text'

/** How wide a cell is at each screen width (photos.css lays the grid out the same way). */
export const GRID_SIZES = '(max-width: 599px) 33vw, (max-width: 959px) 25vw, 220px'

export function srcSetOf(photo: PhotoView): string {
  return `${photo.thumb.url} ${photo.thumb.width}w, ${photo.screen.url} ${photo.screen.width}w`
}

export function PhotoGrid({
  photos,
  coverId,
  editor,
  onOpen,
  onEdit,
}: {
  photos: readonly PhotoView[]
  coverId: string | null
  editor: boolean
  onOpen: (index: number) => void
  onEdit: (id: string) => void
}) {
  const { t, i18n } = useLingui()
  return (
    <ul className="photo-grid">
      {photos.map((photo, index) => {
        const caption = inLanguage(photo.caption, i18n.locale)
        const number = index + 1
        return (
          <li key={photo.id} className="photo-cell">
            <button
              type="button"
              className="photo-open"
              onClick={() => onOpen(index)}
              aria-label={caption || t`Photo ${number}`}
            >
              <img
                src={photo.thumb.url}
                srcSet={srcSetOf(photo)}
                sizes={GRID_SIZES}
                width={photo.thumb.width}
                height={photo.thumb.height}
                alt={caption}
                loading={index < 9 ? 'eager' : 'lazy'}
                decoding="async"
              />
            </button>
            {editor && (
              <span className="photo-marks">
                {photo.id === coverId && (
                  <span className="photo-mark">
                    <Trans>Cover</Trans>
                  </span>
                )}
                {isHidden(photo.hide) && (
                  <span className="photo-mark photo-mark-hidden">
                    <Trans>Hidden</Trans>
                  </span>
                )}
              </span>
            )}
            {editor && (
              <button
                type="button"
                className="btn btn-small photo-edit"
                onClick={() => onEdit(photo.id)}
                aria-label={t`Edit photo ${number}`}
              >
                <Trans>Edit</Trans>
              </button>
            )}
          </li>
        )
      })}
    </ul>
  )
}
