// The answer of GET /api/files (the /dir screen of admins and editors): every stored file with
// who uploaded it, when, and where it is used. A file is deleted only while nothing uses it
// (docs/architecture.md#files). Shared by the server that sends it and the screen that reads it.
import { z } from 'zod'
import { FILE_KINDS } from './material'

export const fileUseSchema = z.object({
  collection: z.enum(['materials', 'library']),
  id: z.string(),
  /** The material's or item's title, to show where the file is used. */
  title: z.string(),
})
export type ListedFileUse = z.infer<typeof fileUseSchema>

export const listedFileSchema = z.object({
  /** The file's id, as a `FileRef` names it. */
  fileId: z.string().min(1),
  name: z.string(),
  size: z.number().int().min(0),
  type: z.string(),
  kind: z.enum(FILE_KINDS),
  uploadedBy: z.string(),
  /** The uploader's name as the directory has it (their username when it has none). */
  uploaderName: z.string(),
  /** Epoch ms. */
  uploadedAt: z.number(),
  uses: z.array(fileUseSchema),
})
export type ListedFile = z.infer<typeof listedFileSchema>

export const fileListAnswerSchema = z.object({ files: z.array(listedFileSchema) })
export type FileListAnswer = z.infer<typeof fileListAnswerSchema>

/** Whether a file may be deleted: only when no material or library item lists it. */
export function mayDeleteFile(file: Pick<ListedFile, 'uses'>): boolean {
  return file.uses.length === 0
}

/**
 * The folders of the file directory (`/dir`): a file is in the folder of each kind of record
 * that lists it (material, the library; one file may be in both), or in "unused" when nothing
 * does. Derived from its uses, so a folder never disagrees with where the file is attached.
 */
export const FILE_FOLDERS = ['materials', 'library', 'unused'] as const
export type FileFolder = (typeof FILE_FOLDERS)[number]

export function fileFolders(file: Pick<ListedFile, 'uses'>): FileFolder[] {
  if (file.uses.length === 0) return ['unused']
  const used = new Set<string>(file.uses.map((use) => use.collection))
  return FILE_FOLDERS.filter((folder) => used.has(folder))
}
