// The file directory's words that depend on data: a stored file's type as people say it ("PNG
// image", "Slika PNG") rather than its MIME type, and the names of the directory's folders.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { FileFolder } from '@lfit/domain/materials/file-list'
import { allowedType } from '@lfit/domain/materials/files'

/** A file's type in words; a type the app does not know (none is stored) stays as it is. */
export function fileTypeName(i18n: I18n, type: string): string {
  const allowed = allowedType(type)
  if (!allowed) return type
  const { label } = allowed
  if (allowed.type === 'text/vtt') return i18n._(msg`${label} subtitles`)
  switch (allowed.kind) {
    case 'document':
      return i18n._(msg`${label} document`)
    case 'audio':
      return i18n._(msg`${label} audio recording`)
    case 'video':
      return i18n._(msg`${label} video`)
    case 'image':
      return i18n._(msg`${label} image`)
  }
}

const FOLDER_NAMES = {
  materials: msg`Material`,
  library: msg`Library`,
  unused: msg`Not used`,
} as const

export const folderName = (i18n: I18n, folder: FileFolder) => i18n._(FOLDER_NAMES[folder])
