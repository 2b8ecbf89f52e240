// The albums, newest first, each with its cover and number of photos; a photo editor also makes
// a new album here and opens the hide requests.
import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { AlbumView } from '@lfit/domain/photos/wire'
import { useReadState } from '../ui/ServerRead'
import { AlbumForm } from './AlbumForm'
import { createAlbum } from './photos-api'
import { inLanguage } from './text'

export function AlbumList({ editor, read }: { editor: boolean; read: AlbumView[] }) {
  const { i18n } = useLingui()
  const [albums, setAlbums] = useReadState(read)
  const [adding, setAdding] = useState(false)

  return (
    <section className="photos" aria-labelledby="photos-title">
      <h1 id="photos-title">
        <Trans>Photos</Trans>
      </h1>
      {editor && (
        <div className="btn-row">
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            <Trans>New album</Trans>
          </button>
          <Link to="/photos" search={{ requests: 1 }} className="btn">
            <Trans>Hide requests</Trans>
          </Link>
        </div>
      )}
      {adding && (
        <AlbumForm
          onCancel={() => setAdding(false)}
          onSave={async (input) => {
            const album = await createAlbum(input)
            setAlbums((all) => [album, ...all])
            setAdding(false)
          }}
        />
      )}
      {albums.length === 0 && (
        <p>
          <Trans>There are no albums yet.</Trans>
        </p>
      )}
      <ul className="album-list">
        {albums.map((album) => (
          <li key={album.id}>
            <Link to="/photos" search={{ album: album.id }} className="album-card card">
              <span className="album-cover">
                {album.cover && (
                  <img
                    src={album.cover.url}
                    width={album.cover.width}
                    height={album.cover.height}
                    alt=""
                    loading="lazy"
                    decoding="async"
                  />
                )}
              </span>
              <span className="album-title">{inLanguage(album.title, i18n.locale)}</span>
              <span className="muted">
                <Plural value={album.photoCount} one="# photo" other="# photos" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
