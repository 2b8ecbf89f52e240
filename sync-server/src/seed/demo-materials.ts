// Demo material and library items (no files: the demo has none to show), so /gradiva and
// /knjiznjica have something for each demo year and role to read: per year a document and a
// link for its participants, one item restricted to the demo educator and one staff draft, year
// 5's extra material in segment 99, one project's material, and a few library items. Written as
// the demo media editor through the same push path as any editor's device.
import { encodeHlc } from '@lfit/domain/sync/hlc'
import type { Mutation } from '@lfit/domain/sync/protocol'
import { PROGRAMME_YEARS } from '@lfit/domain/people/enrolment'
import { DEMO_DEVICE } from './demo-data'

const DAY_MS = 86_400_000

export function demoMaterialEdits(now: number): { materials: Mutation[]; library: Mutation[] } {
  let counter = 0
  const stamp = () => encodeHlc({ wall: now, counter: counter++, node: DEMO_DEVICE })
  // Material names its educators as people read them (never a username: it is an e-mail address).
  const educator = 'Demo educator'
  const edit = (collection: 'materials' | 'library', recordId: string, fields: object) => ({
    id: `seed-${recordId}`,
    collection,
    recordId,
    hlc: stamp(),
    deviceId: DEMO_DEVICE,
    fields: fields as Record<string, unknown>,
  })
  const material = (recordId: string, age: number, fields: object) =>
    edit('materials', recordId, {
      descriptionSl: '',
      descriptionEn: '',
      files: [],
      url: '',
      day: '',
      projects: [],
      educators: [educator],
      createdAt: now - age * DAY_MS,
      deleted: false,
      ...fields,
    })

  const materials: Mutation[] = []
  for (const year of PROGRAMME_YEARS) {
    const segment = year === 5 ? 99 : (year - 1) * 3 + 1
    materials.push(
      material(`demo-material-${year}-notes`, 10 + year, {
        titleSl: `Zapiski ${year}. letnika`,
        titleEn: `Notes of year ${year}`,
        descriptionSl: '<p>Povzetek vaj in vprašanja za ponovitev.</p>',
        descriptionEn: '<p>A summary of the exercises and questions for review.</p>',
        kind: 'document',
        years: [year],
        segments: [segment],
        visibility: 'participants',
      }),
      material(`demo-material-${year}-reading`, year, {
        titleSl: `Priporočeno branje ${year}. letnika`,
        titleEn: `Recommended reading, year ${year}`,
        kind: 'link',
        url: 'https://example.org/lfit/reading',
        years: [year],
        segments: [segment],
        visibility: 'participants',
      }),
    )
  }
  materials.push(
    material('demo-material-restricted', 3, {
      titleSl: 'Posnetek individualne ure',
      titleEn: 'Recording of a one-to-one lesson',
      kind: 'audio',
      years: [2],
      visibility: 'restricted',
    }),
    material('demo-material-draft', 1, {
      titleSl: 'Osnutek: načrt segmenta',
      titleEn: 'Draft: plan of the segment',
      kind: 'document',
      years: [1, 2, 3, 4],
      visibility: 'staff',
    }),
    material('demo-material-project', 2, {
      titleSl: 'Projekt: navodila za nastop',
      titleEn: 'Project: performance instructions',
      kind: 'document',
      years: [],
      projects: ['LFIT2025'],
      visibility: 'participants',
    }),
  )

  const item = (recordId: string, fields: object) =>
    edit('library', recordId, {
      tags: [],
      files: [],
      location: '',
      notes: '',
      createdAt: now,
      deleted: false,
      ...fields,
    })
  const library: Mutation[] = [
    item('demo-library-book', {
      kind: 'book',
      author: 'Kristin Linklater',
      title: 'Freeing the Natural Voice',
      year: 2006,
      language: 'en',
      tags: ['glas', 'dihanje'],
      location: 'Studio, polica A',
    }),
    item('demo-library-article', {
      kind: 'article',
      author: 'Ana Novak',
      title: 'Dihanje in drža pri petju',
      year: 2021,
      language: 'sl',
      tags: ['dihanje'],
    }),
    item('demo-library-recording', {
      kind: 'recording',
      author: 'LFIT',
      title: 'Zaključni nastop 2024',
      year: 2024,
      language: 'sl',
      tags: ['nastop'],
      location: 'Arhiv, DVD 3',
    }),
  ]
  return { materials, library }
}
