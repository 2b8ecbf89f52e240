// /photos (docs/product-rules.md#photos): the albums, an album's photos (?album=…), and for the
// photo editors the hide requests (?requests). Any logged-in user; the server leaves out what the
// caller may not see.
import { isPhotoEditor } from '@lfit/domain/photos/access'
import { useScreenRead } from '../app/screen-reads'
import { useSession } from '../session/session'
import { AlbumList } from './AlbumList'
import { AlbumScreen } from './AlbumScreen'
import { HideRequests } from './HideRequests'
import './photos.css'

export default function PhotosScreen() {
  // The router reads the view the address asks for (web/src/app/screen-reads.ts).
  const read = useScreenRead('/photos')
  const editor = isPhotoEditor(useSession().user)
  if (read.view === 'requests') return <HideRequests read={read.requests} />
  if (read.view === 'album') {
    const { id } = read.album.album
    return (
      <AlbumScreen key={id} albumId={id} editor={editor} read={read.album} others={read.others} />
    )
  }
  return <AlbumList editor={editor} read={read.albums} />
}
