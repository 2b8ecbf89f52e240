// One album: its photos in a grid that opens the lightbox; a photo editor also uploads photos,
// edits each one, renames the album and deletes it once it is empty.
import { lazy, Suspense, useState } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { AlbumAnswer, AlbumView, PhotoView } from '@lfit/domain/photos/wire'
import type { Settled } from '../app/screen-reads'
import { useCallErrorText } from '../auth/messages'
import { DeleteButton } from '../ui/buttons'
import { ReadPending, useReadAgain, useReadState } from '../ui/ServerRead'
import { useSnackbar } from '../ui/Snackbar'
import { AlbumForm } from './AlbumForm'
import { PhotoEditor } from './PhotoEditor'
import { PhotoGrid } from './PhotoGrid'
import { askToHide, deleteAlbum, updateAlbum } from './photos-api'
import { inLanguage } from './text'
import { UploadPhotos } from './UploadPhotos'

// The lightbox library stays out of the first route and the precache (vite.config.ts).
const PhotoLightbox = lazy(() => import('./PhotoLightbox'))

export function AlbumScreen({
  albumId,
  editor,
  read,
  others,
}: {
  albumId: string
  editor: boolean
  read: AlbumAnswer
  /** Every album, for the photo editor's "Move to album"; null for someone who does not edit. */
  others: Settled<AlbumView[]> | null
}) {
  const { t, i18n } = useLingui()
  const errorText = useCallErrorText()
  const snackbar = useSnackbar()
  const navigate = useNavigate()
  const [answer, setAnswer] = useReadState<AlbumAnswer | null>(read)
  const [open, setOpen] = useState<number | null>(null)
  const [editing, setEditing] = useState<string | null>(null)
  const [renaming, setRenaming] = useState(false)

  // The router reads the album again (web/src/app/screen-reads.ts).
  const reload = useReadAgain()

  const replace = (photo: PhotoView) =>
    setAnswer(
      (now) => now && { ...now, photos: now.photos.map((p) => (p.id === photo.id ? photo : p)) },
    )
  const remove = (id: string) =>
    setAnswer((now) => now && { ...now, photos: now.photos.filter((p) => p.id !== id) })

  const hide = async (photo: PhotoView) => {
    try {
      await askToHide(photo.id)
      // Asked again of the server (an editor still sees it, marked; everyone else no longer
      // does), which also replaces this device's offline copy of the album.
      remove(photo.id)
      await reload()
      setOpen(null)
      snackbar.show(t`The photo is hidden. The photo editors will look at your request.`)
    } catch (failure) {
      snackbar.show(errorText(failure), 'error')
    }
  }

  const photos = answer?.photos ?? []
  const editingPhoto = photos.find((photo) => photo.id === editing)
  return (
    <section className="photos" aria-labelledby="album-title">
      <Link to="/photos" className="btn btn-text photos-back">
        <Trans>← All albums</Trans>
      </Link>
      <h1 id="album-title">{answer ? inLanguage(answer.album.title, i18n.locale) : t`Album`}</h1>
      {answer && editor && (
        <>
          <UploadPhotos
            albumId={albumId}
            onAdded={(photo) =>
              setAnswer((now) => now && { ...now, photos: [...now.photos, photo] })
            }
          />
          <div className="btn-row">
            <button type="button" className="btn" onClick={() => setRenaming(true)}>
              <Trans>Edit album</Trans>
            </button>
            {photos.length === 0 && (
              <DeleteButton
                question={t`Delete this album?`}
                onDelete={async () => {
                  try {
                    await deleteAlbum(albumId)
                    void navigate({ to: '/photos' })
                  } catch (failure) {
                    snackbar.show(errorText(failure), 'error')
                  }
                }}
              />
            )}
          </div>
          {renaming && (
            <AlbumForm
              initial={{ title: answer.album.title, owner: answer.album.owner }}
              onCancel={() => setRenaming(false)}
              onSave={async (input) => {
                const album = await updateAlbum(albumId, input)
                setAnswer((now) => now && { ...now, album })
                setRenaming(false)
              }}
            />
          )}
        </>
      )}
      {answer && photos.length === 0 && (
        <p>
          <Trans>There are no photos in this album yet.</Trans>
        </p>
      )}
      <PhotoGrid
        photos={photos}
        coverId={answer?.album.coverPhotoId ?? photos[0]?.id ?? null}
        editor={editor}
        onOpen={setOpen}
        onEdit={setEditing}
      />
      {open !== null && (
        <Suspense fallback={<ReadPending />}>
          <PhotoLightbox photos={photos} index={open} onClose={() => setOpen(null)} onHide={hide} />
        </Suspense>
      )}
      {editor && editingPhoto && answer && (
        <PhotoEditor
          key={editingPhoto.id}
          photo={editingPhoto}
          album={answer}
          albums={others}
          onClose={() => setEditing(null)}
          onChanged={replace}
          onRemoved={(id) => {
            remove(id)
            setEditing(null)
          }}
          onReordered={() => void reload()}
          onCover={(photoId) =>
            setAnswer((now) => now && { ...now, album: { ...now.album, coverPhotoId: photoId } })
          }
        />
      )}
    </section>
  )
}
