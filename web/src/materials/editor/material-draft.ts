// The material form's own rules, checked before an edit is queued (the server checks the fields
// again): a material needs a title in at least one language; a link needs a web address; material
// for participants needs someone to reach (a year or a project); restricted material names the
// educators whose restricted readers see it; extra material (segment 99) belongs to year 5
// (docs/product-rules.md#editing-material-and-the-library).
import { EXTRA_MATERIAL_SEGMENT } from '@lfit/domain/schedule/programme'
import type { MaterialRecord } from '@lfit/domain/materials/material'

export type MaterialProblem =
  'titleMissing' | 'urlInvalid' | 'noReaders' | 'noEducators' | 'extraMaterialYear'

export type MaterialField = 'title' | 'url' | 'years' | 'educators' | 'segments'

export const EXTRA_MATERIAL_YEAR = 5

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** What is wrong with a draft, by the field that shows it; empty when it may be saved. */
export function materialProblems(
  draft: MaterialRecord,
): Partial<Record<MaterialField, MaterialProblem>> {
  const problems: Partial<Record<MaterialField, MaterialProblem>> = {}
  if (!draft.titleSl.trim() && !draft.titleEn.trim()) problems.title = 'titleMissing'
  if (draft.kind === 'link' && !isWebAddress(draft.url.trim())) problems.url = 'urlInvalid'
  if (draft.visibility === 'participants' && draft.years.length + draft.projects.length === 0)
    problems.years = 'noReaders'
  if (draft.visibility === 'restricted' && draft.educators.length === 0)
    problems.educators = 'noEducators'
  if (draft.segments.includes(EXTRA_MATERIAL_SEGMENT) && !draft.years.includes(EXTRA_MATERIAL_YEAR))
    problems.segments = 'extraMaterialYear'
  return problems
}

const byNumber = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b)

/** The draft as it is saved: titles trimmed, lists in order, no address left on a non-link. */
export function preparedMaterial(draft: MaterialRecord): MaterialRecord {
  return {
    ...draft,
    titleSl: draft.titleSl.trim(),
    titleEn: draft.titleEn.trim(),
    url: draft.kind === 'link' ? draft.url.trim() : '',
    years: byNumber(draft.years),
    segments: byNumber(draft.segments),
  }
}
