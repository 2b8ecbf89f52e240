import { describe, expect, it } from 'vitest'
import {
  emptyLibraryItem,
  emptyMaterial,
  type LibraryItemRecord,
  type MaterialRecord,
} from './material'
import {
  filterLibrary,
  filterMaterials,
  groupByProject,
  groupByYearAndSegment,
  libraryChoices,
  materialChoices,
  materialDescription,
  materialTitle,
  newSinceLastVisit,
  sortLibrary,
  sortMaterials,
  type LibraryFilter,
  type LibrarySort,
  type MaterialFilter,
  type MaterialSort,
} from './lists'

const material = (id: string, fields: Partial<MaterialRecord>): MaterialRecord => ({
  ...emptyMaterial(id),
  visibility: 'participants',
  ...fields,
})

const breathing = material('breathing', {
  titleSl: 'Dihalne vaje',
  titleEn: 'Breathing exercises',
  descriptionEn: '<p>Practise <strong>daily</strong></p>',
  kind: 'audio',
  years: [1],
  segments: [3],
  educators: ['Čebular'],
  files: [{ fileId: 'f1', name: 'dihanje.mp3', size: 10, type: 'audio/mpeg' }],
  createdAt: 300,
  day: '2026-11-17',
})
const anatomy = material('anatomy', {
  titleSl: 'Anatomija',
  titleEn: '',
  kind: 'document',
  years: [1, 2],
  segments: [],
  educators: ['Novak'],
  createdAt: 100,
})
const extra = material('extra', {
  titleSl: 'Dodatno branje',
  titleEn: 'Further reading',
  kind: 'link',
  url: 'https://example.org',
  years: [5],
  segments: [99],
  createdAt: 200,
  projects: ['LFIT2025'],
})
const gone = material('gone', { titleEn: 'Deleted', years: [1], segments: [3], deleted: true })
const all = [breathing, anatomy, extra, gone]
const ids = (list: readonly { _id: string }[]) => list.map((m) => m._id)

describe('the words of a material', () => {
  it.each([
    ['sl', breathing, 'Dihalne vaje'],
    ['en', breathing, 'Breathing exercises'],
    ['en', anatomy, 'Anatomija'],
  ] as const)('%s title of %s', (lang, m, title) => {
    expect(materialTitle(m, lang)).toBe(title)
  })

  it('falls back to the other description when the reader’s has no text', () => {
    expect(materialDescription(breathing, 'sl')).toBe('<p>Practise <strong>daily</strong></p>')
    expect(materialDescription(material('x', { descriptionSl: '<p> </p>' }), 'sl')).toBe('')
  })
})

describe('filterMaterials', () => {
  it.each<[string, MaterialFilter, string[]]>([
    ['no filter keeps all but deleted', {}, ['breathing', 'anatomy', 'extra']],
    ['by year', { year: 2 }, ['anatomy']],
    ['by segment', { segment: 3 }, ['breathing']],
    ['by the extra-material segment', { segment: 99 }, ['extra']],
    ['by kind', { kind: 'link' }, ['extra']],
    ['by educator', { educator: 'Novak' }, ['anatomy']],
    ['search in either title', { search: 'reading' }, ['extra']],
    ['search without diacritics', { search: 'cebular' }, ['breathing']],
    ['search in the description text, not its tags', { search: 'daily' }, ['breathing']],
    ['search does not match markup', { search: 'strong' }, []],
    ['search in file names', { search: 'DIHANJE.mp3' }, ['breathing']],
    ['every word must match', { search: 'anatomija novak' }, ['anatomy']],
    ['filters combine', { year: 1, kind: 'document' }, ['anatomy']],
    ['nothing matches', { year: 3 }, []],
  ])('%s', (_, filter, expected) => {
    expect(ids(filterMaterials(all, filter))).toEqual(expected)
  })
})

describe('sortMaterials', () => {
  const undated = material('undated', { titleSl: 'Čakanje', titleEn: 'Waiting', createdAt: 300 })
  const list = [anatomy, breathing, extra, undated]
  it.each<[MaterialSort, 'sl' | 'en', string[]]>([
    ['newest', 'en', ['breathing', 'undated', 'extra', 'anatomy']],
    ['oldest', 'en', ['anatomy', 'extra', 'undated', 'breathing']],
    ['title', 'en', ['anatomy', 'breathing', 'extra', 'undated']],
    // Slovenian: Anatomija, Čakanje (č after c), Dihalne vaje, Dodatno branje.
    ['title', 'sl', ['anatomy', 'undated', 'breathing', 'extra']],
    ['day', 'en', ['breathing', 'undated', 'extra', 'anatomy']],
  ])('%s (%s)', (sort, lang, expected) => {
    expect(ids(sortMaterials(list, sort, lang))).toEqual(expected)
  })
})

describe('groupByYearAndSegment', () => {
  it('groups by year (latest first), then the group with the newest material first', () => {
    const later = material('later', { years: [1], segments: [4], createdAt: 50 })
    const groups = groupByYearAndSegment([...all, later])
    expect(groups.map((g) => [g.year, g.segment, ids(g.materials)])).toEqual([
      [5, 99, ['extra']],
      [2, null, ['anatomy']],
      [1, 3, ['breathing']],
      [1, null, ['anatomy']],
      [1, 4, ['later']],
    ])
  })

  it('lists a material of two segments in both, newest first within a group', () => {
    const both = material('both', { years: [2], segments: [1, 2], createdAt: 500 })
    const older = material('older', { years: [2], segments: [1], createdAt: 10 })
    const groups = groupByYearAndSegment([older, both])
    expect(groups.map((g) => [g.segment, ids(g.materials)])).toEqual([
      [1, ['both', 'older']],
      [2, ['both']],
    ])
  })
})

describe('newSinceLastVisit', () => {
  it.each<[string, string[] | null, string[]]>([
    ['a first visit marks nothing', null, []],
    ['what was not seen then is new', ['anatomy'], ['breathing', 'extra']],
    ['all seen: nothing new', ['breathing', 'anatomy', 'extra'], []],
    ['a deleted material is never new', [], ['breathing', 'anatomy', 'extra']],
  ])('%s', (_, seen, expected) => {
    expect([...newSinceLastVisit(all, seen)]).toEqual(expected)
  })
})

describe('the filters’ choices', () => {
  it('offers only the values the material has, in order', () => {
    expect(materialChoices(all, 'sl')).toEqual({
      years: [1, 2, 5],
      segments: [3, 99],
      kinds: ['audio', 'document', 'link'],
      educators: ['Čebular', 'Novak'],
    })
  })
})

describe('groupByProject', () => {
  it('lists each project’s material in the programme’s order of projects', () => {
    const both = material('both', { projects: ['LFIT2024', 'LFIT2025'], createdAt: 900 })
    expect(groupByProject([...all, both]).map((g) => [g.project, ids(g.materials)])).toEqual([
      ['LFIT2024', ['both']],
      ['LFIT2025', ['both', 'extra']],
    ])
  })
})

const item = (id: string, fields: Partial<LibraryItemRecord>): LibraryItemRecord => ({
  ...emptyLibraryItem(id),
  ...fields,
})
const book = item('book', {
  title: 'Zdravje telesa',
  author: 'Žagar',
  year: 2019,
  language: 'sl',
  tags: ['Dihanje'],
  location: 'Polica 3',
  createdAt: 1,
})
const article = item('article', {
  kind: 'article',
  title: 'Breath and posture',
  author: 'Adams',
  year: 2021,
  language: 'en',
  tags: ['breathing', 'posture'],
  createdAt: 3,
})
const recording = item('recording', {
  kind: 'recording',
  title: 'Čas za tišino',
  author: '',
  year: 0,
  language: 'SL',
  notes: '<p>Lecture <em>recording</em></p>',
  createdAt: 2,
})
const library = [book, article, recording, item('deleted', { title: 'x', deleted: true })]

describe('filterLibrary', () => {
  it.each<[string, LibraryFilter, string[]]>([
    ['no filter keeps all but deleted', {}, ['book', 'article', 'recording']],
    ['by kind', { kind: 'article' }, ['article']],
    ['by language, any case', { language: 'sl' }, ['book', 'recording']],
    ['by tag, any case', { tag: 'dihanje' }, ['book']],
    ['search the author without diacritics', { search: 'zagar' }, ['book']],
    ['search the location', { search: 'polica' }, ['book']],
    ['search the notes', { search: 'lecture' }, ['recording']],
    ['search the tags', { search: 'posture' }, ['article']],
  ])('%s', (_, filter, expected) => {
    expect(ids(filterLibrary(library, filter))).toEqual(expected)
  })
})

describe('sortLibrary', () => {
  it.each<[LibrarySort, 'sl' | 'en', string[]]>([
    ['title', 'sl', ['article', 'recording', 'book']],
    ['author', 'sl', ['article', 'book', 'recording']],
    ['year', 'en', ['article', 'book', 'recording']],
    ['newest', 'en', ['article', 'recording', 'book']],
  ])('%s (%s)', (sort, lang, expected) => {
    expect(ids(sortLibrary(library.slice(0, 3), sort, lang))).toEqual(expected)
  })

  it('offers each language and tag once, as first catalogued', () => {
    expect(libraryChoices(library, 'en')).toEqual({
      kinds: ['book', 'article', 'recording'],
      languages: ['en', 'sl'],
      tags: ['breathing', 'Dihanje', 'posture'],
    })
  })
})
