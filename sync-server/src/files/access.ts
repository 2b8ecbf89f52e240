// Who may fetch a stored file and where each file is used: the file routes ask this port, and the
// materials (docs/access-policy.md#materials) answer it, so a download is allowed exactly when the
// file belongs to something the caller may read, however its id was learned.
import type { FileKind } from '@lfit/domain/materials/material'
import type { Session } from '../auth/session'

/** A stored file's metadata (the `files` collection); the bytes are in the file store by hash. */
export interface FileMeta {
  /** Random 128-bit id (base64url): what links and records name, never the hash or a path. */
  _id: string
  hash: string
  size: number
  /** The MIME type sniffed from the bytes. */
  type: string
  kind: FileKind
  /** The original name, sanitised. */
  name: string
  uploadedBy: string
  /** Epoch ms. */
  uploadedAt: number
}

/** Something that refers to a file: a material or a library item, with its title to show. */
export interface FileUse {
  collection: 'materials' | 'library'
  id: string
  title: string
}

export interface FileAccess {
  /** May `session` (null: a visitor) download `file`? */
  mayDownload(session: Session | null, file: FileMeta): Promise<boolean>
  /** The uses of each file id (ids without a use are absent from the map). */
  usesOf(fileIds: readonly string[]): Promise<Map<string, FileUse[]>>
}
