// A photo editor's tools for one photo, in a dialog: rotate, crop (the crop tool loads on first
// use), captions in both languages, earlier/later in the album, cover, move to another album,
// the original's download, and delete with a confirmation. Rotate and crop make new sizes from
// the kept original on the server.
import { lazy, Suspense, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Crop } from '@lfit/domain/photos/photo'
import type { AlbumAnswer, AlbumView, PhotoView } from '@lfit/domain/photos/wire'
import { useCallErrorText } from '../auth/messages'
import { DeleteButton } from '../ui/buttons'
import { Dialog } from '../ui/Dialog'
import { useSnackbar } from '../ui/Snackbar'
import { ReadFailed, useReadAgain } from '../ui/ServerRead'
import type { Settled } from '../app/screen-reads'
import {
  captionPhoto,
  cropPhoto,
  deletePhoto,
  movePhoto,
  rotatePhoto,
  setCover,
  setOrder,
} from './photos-api'
import { inLanguage } from './text'

const PhotoCrop = lazy(() => import('./PhotoCrop'))

export function PhotoEditor({
  photo,
  album,
  albums,
  onClose,
  onChanged,
  onRemoved,
  onReordered,
  onCover,
}: {
  photo: PhotoView
  album: AlbumAnswer
  /** Every album, read with the album's page (web/src/app/screen-reads.ts). */
  albums: Settled<AlbumView[]> | null
  onClose: () => void
  onChanged: (photo: PhotoView) => void
  onRemoved: (id: string) => void
  onReordered: () => void
  onCover: (photoId: string) => void
}) {
  const { t, i18n } = useLingui()
  const errorText = useCallErrorText()
  const snackbar = useSnackbar()
  const [busy, setBusy] = useState(false)
  const [caption, setCaption] = useState(photo.caption)
  const [cropping, setCropping] = useState(false)
  const [target, setTarget] = useState('')
  const readAgain = useReadAgain()

  const run = async (work: () => Promise<void>, done?: string) => {
    setBusy(true)
    try {
      await work()
      if (done) snackbar.show(done)
    } catch (failure) {
      snackbar.show(errorText(failure), 'error')
    } finally {
      setBusy(false)
    }
  }

  const ids = album.photos.map((p) => p.id)
  const at = ids.indexOf(photo.id)
  const moveBy = (step: -1 | 1) =>
    run(async () => {
      const order = [...ids]
      order.splice(at, 1)
      order.splice(at + step, 0, photo.id)
      await setOrder(album.album.id, order)
      onReordered()
    })

  return (
    <Dialog open title={t`Edit photo`} onClose={onClose} className="photo-editor">
      <img
        className="photo-editor-preview"
        src={photo.screen.url}
        width={photo.screen.width}
        height={photo.screen.height}
        alt={inLanguage(photo.caption, i18n.locale)}
      />
      {cropping ? (
        <Suspense fallback={<p role="status">{t`Loading…`}</p>}>
          <PhotoCrop
            photo={photo}
            busy={busy}
            onCancel={() => setCropping(false)}
            onCrop={(crop: Crop | null) =>
              run(
                async () => {
                  onChanged(await cropPhoto(photo.id, crop))
                  setCropping(false)
                },
                t`Cropped.`,
              )
            }
          />
        </Suspense>
      ) : (
        <div className="btn-row">
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() => void run(async () => onChanged(await rotatePhoto(photo.id, 'left')))}
          >
            <Trans>Rotate left</Trans>
          </button>
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() => void run(async () => onChanged(await rotatePhoto(photo.id, 'right')))}
          >
            <Trans>Rotate right</Trans>
          </button>
          <button type="button" className="btn" disabled={busy} onClick={() => setCropping(true)}>
            <Trans>Crop</Trans>
          </button>
        </div>
      )}
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault()
          void run(async () => onChanged(await captionPhoto(photo.id, caption)), t`Caption saved.`)
        }}
      >
        <label className="field">
          <span>
            <Trans>Caption in Slovenian</Trans>
          </span>
          <textarea
            name="captionSl"
            rows={2}
            maxLength={500}
            value={caption.sl}
            onChange={(e) => setCaption({ ...caption, sl: e.target.value })}
          />
        </label>
        <label className="field">
          <span>
            <Trans>Caption in English</Trans>
          </span>
          <textarea
            name="captionEn"
            rows={2}
            maxLength={500}
            value={caption.en}
            onChange={(e) => setCaption({ ...caption, en: e.target.value })}
          />
        </label>
        <div className="btn-row">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            <Trans>Save caption</Trans>
          </button>
        </div>
      </form>
      <div className="btn-row">
        <button
          type="button"
          className="btn"
          disabled={busy || at <= 0}
          onClick={() => void moveBy(-1)}
        >
          <Trans>Earlier</Trans>
        </button>
        <button
          type="button"
          className="btn"
          disabled={busy || at < 0 || at >= ids.length - 1}
          onClick={() => void moveBy(1)}
        >
          <Trans>Later</Trans>
        </button>
        <button
          type="button"
          className="btn"
          disabled={busy || album.album.coverPhotoId === photo.id}
          onClick={() =>
            void run(
              async () => {
                await setCover(album.album.id, photo.id)
                onCover(photo.id)
              },
              t`This photo is now the album's cover.`,
            )
          }
        >
          <Trans>Make it the cover</Trans>
        </button>
      </div>
      {albums && !albums.ok ? (
        <ReadFailed error={albums.error} onRetry={() => void readAgain()} />
      ) : (
        albums && (
          <div className="btn-row">
            <label className="field photo-move">
              <span>
                <Trans>Move to album</Trans>
              </span>
              <select name="moveTo" value={target} onChange={(e) => setTarget(e.target.value)}>
                <option value="">{t`Choose…`}</option>
                {albums.value
                  .filter((other) => other.id !== album.album.id)
                  .map((other) => (
                    <option key={other.id} value={other.id}>
                      {inLanguage(other.title, i18n.locale)}
                    </option>
                  ))}
              </select>
            </label>
            <button
              type="button"
              className="btn"
              disabled={busy || target === ''}
              onClick={() =>
                void run(
                  async () => {
                    await movePhoto(photo.id, target)
                    onRemoved(photo.id)
                  },
                  t`Photo moved.`,
                )
              }
            >
              <Trans>Move</Trans>
            </button>
          </div>
        )
      )}
      <div className="btn-row">
        {photo.original && (
          <a className="btn btn-text" href={photo.original.url} download={photo.original.name}>
            <Trans>Download the original</Trans>
          </a>
        )}
        <DeleteButton
          question={t`Delete this photo? Its original and sizes are removed for good.`}
          onDelete={() =>
            run(
              async () => {
                await deletePhoto(photo.id)
                onRemoved(photo.id)
              },
              t`Photo deleted.`,
            )
          }
        />
        <button type="button" className="btn btn-text" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
    </Dialog>
  )
}
