// The material editor's words for its heading, kinds, visibilities, segments and the form's
// problems.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { MaterialKind, MaterialVisibility } from '@lfit/domain/materials/material'
import { isRecording } from '@lfit/domain/media/recording'
import { EXTRA_MATERIAL_SEGMENT, MAKEUP_SEGMENT } from '@lfit/domain/schedule/programme'
import type { MaterialProblem } from './material-draft'

/**
 * The editor's heading says what is being made or edited: a recording (a video or audio material,
 * docs/0014-recordings-are-material.md), a project's material (one with projects, as
 * /projectMedia's "New project material" makes), or a material of another kind.
 */
export function editorTitle(
  i18n: I18n,
  material: { kind: MaterialKind; projects: readonly string[] },
  isNew: boolean,
): string {
  if (isRecording(material)) return isNew ? i18n._(msg`New recording`) : i18n._(msg`Edit recording`)
  if (material.projects.length > 0)
    return isNew ? i18n._(msg`New project material`) : i18n._(msg`Edit project material`)
  return isNew ? i18n._(msg`New material`) : i18n._(msg`Edit material`)
}

export function kindName(i18n: I18n, kind: MaterialKind): string {
  switch (kind) {
    case 'document':
      return i18n._(msg`Document`)
    case 'audio':
      return i18n._(msg`Audio`)
    case 'video':
      return i18n._(msg`Video`)
    case 'link':
      return i18n._(msg`Link`)
  }
}

export function visibilityName(i18n: I18n, visibility: MaterialVisibility): string {
  switch (visibility) {
    case 'participants':
      return i18n._(msg`Participants of its years and projects`)
    case 'restricted':
      return i18n._(msg`Only readers of its educators' restricted material`)
    case 'staff':
      return i18n._(msg`Staff only (a draft)`)
  }
}

export function segmentWord(i18n: I18n, segment: number): string {
  if (segment === EXTRA_MATERIAL_SEGMENT) return i18n._(msg`Extra material`)
  if (segment === MAKEUP_SEGMENT) return i18n._(msg`Make-up days`)
  return i18n._(msg`Segment ${segment}`)
}

export function problemText(i18n: I18n, problem: MaterialProblem | undefined): string | undefined {
  switch (problem) {
    case undefined:
      return undefined
    case 'titleMissing':
      return i18n._(msg`Give the material a title in at least one language.`)
    case 'urlInvalid':
      return i18n._(msg`Enter the web address of the link, starting with https://`)
    case 'noReaders':
      return i18n._(msg`Choose the years (or projects) whose participants see it.`)
    case 'noEducators':
      return i18n._(msg`Name the educators whose restricted material this is.`)
    case 'extraMaterialYear':
      return i18n._(msg`Extra material belongs to year 5: choose year 5 too.`)
  }
}
