// The library item form's rules, checked before an edit is queued (the server checks again): a
// title is needed; a year of publication is a year (or left empty); tags and the language are
// kept tidy so that the library's filters find them
// (docs/product-rules.md#editing-material-and-the-library).
import type { LibraryItemRecord } from '@lfit/domain/materials/material'

export type LibraryProblem = 'titleMissing' | 'yearInvalid'
export type LibraryField = 'title' | 'year'

/** The earliest year accepted: older works are catalogued without one. */
export const FIRST_YEAR = 1400

export function libraryProblems(
  draft: LibraryItemRecord,
  thisYear: number,
): Partial<Record<LibraryField, LibraryProblem>> {
  const problems: Partial<Record<LibraryField, LibraryProblem>> = {}
  if (!draft.title.trim()) problems.title = 'titleMissing'
  if (
    draft.year !== 0 &&
    (!Number.isInteger(draft.year) || draft.year < FIRST_YEAR || draft.year > thisYear + 1)
  )
    problems.year = 'yearInvalid'
  return problems
}

/** The draft as saved: texts trimmed, the language in lower case, tags without repeats. */
export function preparedLibraryItem(draft: LibraryItemRecord): LibraryItemRecord {
  const seen = new Set<string>()
  const tags = draft.tags
    .map((tag) => tag.trim())
    .filter((tag) => {
      const key = tag.toLowerCase()
      if (!tag || seen.has(key)) return false
      seen.add(key)
      return true
    })
  return {
    ...draft,
    title: draft.title.trim(),
    author: draft.author.trim(),
    language: draft.language.trim().toLowerCase(),
    location: draft.location.trim(),
    tags,
  }
}

/** A year typed in the form: 0 (unknown) when empty, NaN when not a number. */
export function yearOf(text: string): number {
  const trimmed = text.trim()
  if (!trimmed) return 0
  return /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : Number.NaN
}
