// The material screens' words that depend on data: a kind's name, a segment's name (as /urnik
// names it: extra material and make-up days by what they are), a place in the programme.
import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import type { MaterialKind } from '@lfit/domain/materials/material'
import type { LibraryItemKind } from '@lfit/domain/materials/material'
import { EXTRA_MATERIAL_SEGMENT } from '@lfit/domain/schedule'
import { segmentName } from '../timetable/labels'

const MATERIAL_KIND_NAMES: Record<MaterialKind, MessageDescriptor> = {
  document: msg`Document`,
  audio: msg`Audio`,
  video: msg`Video`,
  link: msg`Link`,
}

export const materialKindName = (i18n: I18n, kind: MaterialKind) =>
  i18n._(MATERIAL_KIND_NAMES[kind])

const LIBRARY_KIND_NAMES: Record<LibraryItemKind, MessageDescriptor> = {
  book: msg`Book`,
  article: msg`Article`,
  recording: msg`Recording`,
  other: msg`Other`,
}

export const libraryKindName = (i18n: I18n, kind: LibraryItemKind) =>
  i18n._(LIBRARY_KIND_NAMES[kind])

/** "Segment 3", "Extra material", "Make-up days"; null (a whole year's material): "Whole year". */
export function materialSegmentName(i18n: I18n, segment: number | null): string {
  if (segment === null) return i18n._(msg`Whole year`)
  return segmentName(i18n, { segment, extraMaterial: segment === EXTRA_MATERIAL_SEGMENT })
}

/** "Year 1, Segment 3" for a group heading or a link. */
export function yearAndSegment(i18n: I18n, year: number, segment: number | null): string {
  const name = materialSegmentName(i18n, segment)
  return i18n._(msg`Year ${year} · ${name}`)
}
