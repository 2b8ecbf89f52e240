// /photos (docs/product-rules.md#photos): the albums, an album's photos (?album=…), and for the
// photo editors the hide requests (?requests). Any logged-in user; the server leaves out what the
// caller may not see.
import { useSearch } from '@tanstack/react-router'
import { isPhotoEditor } from '@lfit/domain/photos/access'
import { useSession } from '../session/session'
import { AlbumList } from './AlbumList'
import { AlbumScreen } from './AlbumScreen'
import { HideRequests } from './HideRequests'
import './photos.css'

export default function PhotosScreen() {
  const search = useSearch({ strict: false }) as { album?: unknown; requests?: unknown }
  const editor = isPhotoEditor(useSession().user)
  if (editor && search.requests !== undefined) return <HideRequests />
  if (typeof search.album === 'string' && search.album !== '') {
    return <AlbumScreen key={search.album} albumId={search.album} editor={editor} />
  }
  return <AlbumList editor={editor} />
}
