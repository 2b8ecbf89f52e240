// The reading lists of learning material and the library (docs/product-rules.md#materials): what
// a search and the filters keep, the orders a table offers, /gradiva's grouping by year and
// segment, and what is new since the reader's last visit. The device holds only what the reader
// may see (the pull is scoped by the access policy), so these rules never decide visibility.
import { PROJECTS } from '../users/user'
import { foldText } from '../lists/participants'
import type { LibraryItemKind, LibraryItemRecord, MaterialKind, MaterialRecord } from './material'

export type ReadingLanguage = 'sl' | 'en'

/** The title in the reader's language, or the other one when it has none in theirs. */
export function materialTitle(material: MaterialRecord, lang: ReadingLanguage): string {
  const [own, other] =
    lang === 'sl' ? [material.titleSl, material.titleEn] : [material.titleEn, material.titleSl]
  return own.trim() || other.trim()
}

/** The description (sanitised HTML) in the reader's language, or the other one. */
export function materialDescription(material: MaterialRecord, lang: ReadingLanguage): string {
  const [own, other] =
    lang === 'sl'
      ? [material.descriptionSl, material.descriptionEn]
      : [material.descriptionEn, material.descriptionSl]
  return plainText(own) ? own : other
}

const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .trim()

/** Every word of a search must occur somewhere (any case, with or without č, š, ž). */
function matchesSearch(search: string | undefined, texts: readonly string[]): boolean {
  const words = foldText(search ?? '')
    .split(/\s+/)
    .filter(Boolean)
  if (words.length === 0) return true
  const haystack = foldText(texts.join(' '))
  return words.every((word) => haystack.includes(word))
}

export interface MaterialFilter {
  /** Words searched in both titles and descriptions, the educators and the file names. */
  search?: string
  year?: number
  segment?: number
  kind?: MaterialKind
  educator?: string
}

/** The material a filter keeps (never a deleted one), in the order given. */
export function filterMaterials(
  materials: readonly MaterialRecord[],
  filter: MaterialFilter,
): MaterialRecord[] {
  return materials.filter(
    (m) =>
      !m.deleted &&
      (filter.year === undefined || m.years.includes(filter.year)) &&
      (filter.segment === undefined || m.segments.includes(filter.segment)) &&
      (filter.kind === undefined || m.kind === filter.kind) &&
      (filter.educator === undefined || m.educators.includes(filter.educator)) &&
      matchesSearch(filter.search, [
        m.titleSl,
        m.titleEn,
        plainText(m.descriptionSl),
        plainText(m.descriptionEn),
        ...m.educators,
        ...m.files.map((f) => f.name),
      ]),
  )
}

export const MATERIAL_SORTS = ['newest', 'oldest', 'title', 'day'] as const
export type MaterialSort = (typeof MATERIAL_SORTS)[number]

/**
 * Sorted for the reader: by when it was added (newest or oldest first), by title in the reader's
 * language (Slovenian puts č after c), or by its study day (latest first, material of no one day
 * last). Ties keep a stable order: newest first, then by id.
 */
export function sortMaterials(
  materials: readonly MaterialRecord[],
  sort: MaterialSort,
  lang: ReadingLanguage,
): MaterialRecord[] {
  const collator = new Intl.Collator(lang, { sensitivity: 'base', numeric: true })
  const newest = (a: MaterialRecord, b: MaterialRecord) =>
    b.createdAt - a.createdAt || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0)
  const order: Record<MaterialSort, (a: MaterialRecord, b: MaterialRecord) => number> = {
    newest,
    oldest: (a, b) => -newest(a, b),
    title: (a, b) =>
      collator.compare(materialTitle(a, lang), materialTitle(b, lang)) || newest(a, b),
    day: (a, b) =>
      (a.day === '' ? 1 : 0) - (b.day === '' ? 1 : 0) ||
      (b.day < a.day ? -1 : b.day > a.day ? 1 : 0) ||
      newest(a, b),
  }
  return [...materials].sort(order[sort])
}

export interface MaterialGroup {
  year: number
  /** The segment, or null for material of the whole year. */
  segment: number | null
  /** Newest first. */
  materials: MaterialRecord[]
}

/**
 * /gradiva: one group per year and segment the material belongs to (a material of two segments
 * shows in both; one of no segment in its year's "whole year" group). The latest year comes
 * first; within a year, the group with the newest material first, so the segment being studied
 * is on top; each group newest first.
 */
export function groupByYearAndSegment(materials: readonly MaterialRecord[]): MaterialGroup[] {
  const groups = new Map<string, MaterialGroup>()
  for (const material of sortMaterials(materials, 'newest', 'en')) {
    if (material.deleted) continue
    const segments = material.segments.length > 0 ? material.segments : [null]
    for (const year of material.years) {
      for (const segment of segments) {
        const key = `${year}:${segment ?? ''}`
        const group = groups.get(key) ?? { year, segment, materials: [] }
        group.materials.push(material)
        groups.set(key, group)
      }
    }
  }
  const latest = (g: MaterialGroup) => g.materials[0]?.createdAt ?? 0
  return [...groups.values()].sort(
    (a, b) => b.year - a.year || latest(b) - latest(a) || (a.segment ?? 0) - (b.segment ?? 0),
  )
}

/**
 * What is new since the reader's last visit: what they had not seen then. On a first visit
 * (nothing recorded) nothing is marked, so a new reader is not shown every material as new.
 */
export function newSinceLastVisit(
  materials: readonly MaterialRecord[],
  seenAtLastVisit: readonly string[] | null,
): Set<string> {
  if (seenAtLastVisit === null) return new Set()
  const seen = new Set(seenAtLastVisit)
  return new Set(materials.filter((m) => !m.deleted && !seen.has(m._id)).map((m) => m._id))
}

/** The choices a filter offers: the values the listed material has, in order. */
export function materialChoices(materials: readonly MaterialRecord[], lang: ReadingLanguage) {
  const shown = materials.filter((m) => !m.deleted)
  const collator = new Intl.Collator(lang, { sensitivity: 'base' })
  const numbers = (pick: (m: MaterialRecord) => number[]) =>
    [...new Set(shown.flatMap(pick))].sort((a, b) => a - b)
  return {
    years: numbers((m) => m.years),
    segments: numbers((m) => m.segments),
    kinds: [...new Set(shown.map((m) => m.kind))],
    educators: [...new Set(shown.flatMap((m) => m.educators))].sort(collator.compare),
  }
}

export interface ProjectGroup {
  project: string
  /** Newest first. */
  materials: MaterialRecord[]
}

/**
 * /gradivaProjekta: the material of each project, in the programme's order of projects; a
 * material of two projects shows under both; material of no project is not listed.
 */
export function groupByProject(materials: readonly MaterialRecord[]): ProjectGroup[] {
  const sorted = sortMaterials(
    materials.filter((m) => !m.deleted),
    'newest',
    'en',
  )
  const names = [...new Set([...PROJECTS, ...sorted.flatMap((m) => m.projects)])]
  return names
    .map((project) => ({ project, materials: sorted.filter((m) => m.projects.includes(project)) }))
    .filter((group) => group.materials.length > 0)
}

export interface LibraryFilter {
  /** Words searched in the author, title, tags, location and notes. */
  search?: string
  kind?: LibraryItemKind
  language?: string
  tag?: string
}

export function filterLibrary(
  items: readonly LibraryItemRecord[],
  filter: LibraryFilter,
): LibraryItemRecord[] {
  return items.filter(
    (item) =>
      !item.deleted &&
      (filter.kind === undefined || item.kind === filter.kind) &&
      (filter.language === undefined || foldText(item.language) === foldText(filter.language)) &&
      (filter.tag === undefined ||
        item.tags.some((tag) => foldText(tag) === foldText(filter.tag ?? ''))) &&
      matchesSearch(filter.search, [
        item.author,
        item.title,
        ...item.tags,
        item.location,
        plainText(item.notes),
        ...item.files.map((f) => f.name),
      ]),
  )
}

export const LIBRARY_SORTS = ['title', 'author', 'year', 'newest'] as const
export type LibrarySort = (typeof LIBRARY_SORTS)[number]

/**
 * By title or author (the reader's collation), by year of publication (latest first, unknown
 * last), or newest in the library first; ties by title.
 */
export function sortLibrary(
  items: readonly LibraryItemRecord[],
  sort: LibrarySort,
  lang: ReadingLanguage,
): LibraryItemRecord[] {
  const collator = new Intl.Collator(lang, { sensitivity: 'base', numeric: true })
  const byTitle = (a: LibraryItemRecord, b: LibraryItemRecord) =>
    collator.compare(a.title, b.title) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0)
  const order: Record<LibrarySort, (a: LibraryItemRecord, b: LibraryItemRecord) => number> = {
    title: byTitle,
    author: (a, b) =>
      (a.author === '' ? 1 : 0) - (b.author === '' ? 1 : 0) ||
      collator.compare(a.author, b.author) ||
      byTitle(a, b),
    year: (a, b) =>
      (a.year === 0 ? 1 : 0) - (b.year === 0 ? 1 : 0) || b.year - a.year || byTitle(a, b),
    newest: (a, b) => b.createdAt - a.createdAt || byTitle(a, b),
  }
  return [...items].sort(order[sort])
}

/** The languages and tags the library's filters offer, as catalogued, in order. */
export function libraryChoices(items: readonly LibraryItemRecord[], lang: ReadingLanguage) {
  const shown = items.filter((item) => !item.deleted)
  const collator = new Intl.Collator(lang, { sensitivity: 'base' })
  const unique = (values: string[]) => {
    const byFolded = new Map<string, string>()
    for (const value of values) {
      const trimmed = value.trim()
      if (trimmed && !byFolded.has(foldText(trimmed))) byFolded.set(foldText(trimmed), trimmed)
    }
    return [...byFolded.values()].sort(collator.compare)
  }
  return {
    kinds: [...new Set(shown.map((item) => item.kind))],
    languages: unique(shown.map((item) => item.language)),
    tags: unique(shown.flatMap((item) => item.tags)),
  }
}
