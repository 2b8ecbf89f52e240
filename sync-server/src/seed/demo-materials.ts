// Demo material, recordings and library items with real small files (docs/0051-living-demo.md),
// so /gradiva, /mediji and /knjiznjica have something for each demo year and role to open: per
// year a document with its PDF and a link for its participants, per year a recording of a past
// study day (a WAV with subtitles in both languages), one item restricted to the demo educator
// and one staff draft, year 5's extra material in segment 99, one project's material, and
// library items with a PDF, a recording and a picture. Written as the demo media editor through
// the same push path as any editor's device.
import type { FileKind, FileRef, SubtitleRef } from '@lfit/domain/materials/material'
import { PROGRAMME_YEARS } from '@lfit/domain/people/enrolment'
import type { Schedule, StudyDay } from '@lfit/domain/schedule'
import { encodeHlc } from '@lfit/domain/sync/hlc'
import type { Mutation } from '@lfit/domain/sync/protocol'
import type { FileStore } from '../files/port'
import type { Store } from '../store/port'
import { DEMO_DEVICE } from './demo-data'
import { demoPdf, demoPicture, demoWav, demoWebVtt, storeDemoFile } from './demo-files'

const DAY_MS = 86_400_000
/** The demo recording: three tones of a second each (C, E, G), about 48 kB. */
const RECORDING_NOTES = [262, 330, 392]
export const DEMO_RECORDING_SECONDS = RECORDING_NOTES.length

/** The stored files the demo material refers to. */
export interface DemoMaterialFiles {
  notes: ReadonlyMap<number, FileRef>
  diagram: FileRef
  recording: FileRef
  subtitles: readonly SubtitleRef[]
  libraryPdf: FileRef
  libraryPicture: FileRef
}

/** Makes and stores the demo files, as the demo media editor uploading them at `now`. */
export async function storeDemoMaterialFiles(
  store: Store,
  files: FileStore,
  by: string,
  now: number,
): Promise<DemoMaterialFiles> {
  const put = (name: string, type: string, kind: FileKind, bytes: Buffer) =>
    storeDemoFile(store, files, { name, type, kind, bytes }, by, now)
  const notes = new Map<number, FileRef>()
  for (const year of PROGRAMME_YEARS) {
    const pdf = demoPdf(`Zapiski ${year}. letnika / Notes of year ${year}`, [
      'Povzetek vaj in vprasanja za ponovitev.',
      'A summary of the exercises and questions for review.',
      '',
      '1. Dihanje v mirovanju / Breathing at rest',
      '2. Drza in ravnotezje / Posture and balance',
      '3. Glas in gibanje / Voice and movement',
    ])
    notes.set(year, await put(`zapiski-${year}-letnik.pdf`, 'application/pdf', 'document', pdf))
  }
  const picture = await demoPicture(1, 200, { width: 800, height: 530 }, 'png')
  const wav = demoWav(RECORDING_NOTES, 1)
  const vtt = (lines: readonly string[]) =>
    demoWebVtt(lines.map((line, i) => [i, i + 1, line] as const))
  const subtitles: SubtitleRef[] = [
    {
      lang: 'sl',
      ...(await put(
        'posnetek.sl.vtt',
        'text/vtt',
        'document',
        vtt(['Vdih skozi nos', 'Izdih skozi usta', 'Sprostite ramena']),
      )),
    },
    {
      lang: 'en',
      ...(await put(
        'posnetek.en.vtt',
        'text/vtt',
        'document',
        vtt([
          'Breathe in through the nose',
          'Breathe out through the mouth',
          'Relax the shoulders',
        ]),
      )),
    },
  ]
  return {
    notes,
    diagram: await put('diagram-dihanja.png', 'image/png', 'image', picture),
    recording: await put('vaja-dihanja.wav', 'audio/wav', 'audio', wav),
    subtitles,
    libraryPdf: await put(
      'odlomek.pdf',
      'application/pdf',
      'document',
      demoPdf('Odlomek / Excerpt', [
        'Dihanje in drza pri petju',
        'Breathing and posture in singing',
      ]),
    ),
    libraryPicture: await put(
      'plakat-nastopa.png',
      'image/png',
      'image',
      await demoPicture(4, 330, { width: 600, height: 800 }, 'png'),
    ),
  }
}

/** The year's latest study day before `today` (recordings are of days that took place). */
function lastPastDay(calendar: Schedule, year: number, today: string): StudyDay | undefined {
  return (calendar.studyDaysByYear.get(year) ?? []).filter((day) => day.dayStr < today).at(-1)
}

export function demoMaterialEdits(
  now: number,
  today: string,
  calendar: Schedule,
  files: DemoMaterialFiles,
): { materials: Mutation[]; library: Mutation[] } {
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
    const notes = files.notes.get(year)
    materials.push(
      material(`demo-material-${year}-notes`, 10 + year, {
        titleSl: `Zapiski ${year}. letnika`,
        titleEn: `Notes of year ${year}`,
        descriptionSl: '<p>Povzetek vaj in vprašanja za ponovitev.</p>',
        descriptionEn: '<p>A summary of the exercises and questions for review.</p>',
        kind: 'document',
        files: notes ? [notes, ...(year === 1 ? [files.diagram] : [])] : [],
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
    // A recording of the year's last study day so far, to play with subtitles in either language.
    const day = year <= 4 ? lastPastDay(calendar, year, today) : undefined
    if (day) {
      materials.push(
        material(`demo-recording-${year}`, 1, {
          titleSl: `Vaja dihanja, ${day.dayInSegment}. dan segmenta ${day.segment}`,
          titleEn: `Breathing exercise, day ${day.dayInSegment} of segment ${day.segment}`,
          descriptionSl: '<p>Kratka vaja z navodili v podnapisih.</p>',
          descriptionEn: '<p>A short exercise with its instructions in the subtitles.</p>',
          kind: 'audio',
          files: [files.recording],
          subtitles: files.subtitles,
          durationSec: DEMO_RECORDING_SECONDS,
          chapters: [
            { at: 0, titleSl: 'Vdih', titleEn: 'Breathing in' },
            { at: 1, titleSl: 'Izdih', titleEn: 'Breathing out' },
          ],
          day: day.dayStr,
          years: [year],
          segments: [day.segment],
          visibility: 'participants',
        }),
      )
    }
  }
  materials.push(
    material('demo-material-restricted', 3, {
      titleSl: 'Posnetek individualne ure',
      titleEn: 'Recording of a one-to-one lesson',
      kind: 'audio',
      files: [files.recording],
      durationSec: DEMO_RECORDING_SECONDS,
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
      files: [files.libraryPdf],
    }),
    item('demo-library-recording', {
      kind: 'recording',
      author: 'LFIT',
      title: 'Zaključni nastop 2024',
      year: 2024,
      language: 'sl',
      tags: ['nastop'],
      location: 'Arhiv, DVD 3',
      files: [files.recording],
    }),
    item('demo-library-poster', {
      kind: 'other',
      author: 'LFIT',
      title: 'Plakat zaključnega nastopa',
      year: 2024,
      language: 'sl',
      tags: ['nastop'],
      files: [files.libraryPicture],
    }),
  ]
  return { materials, library }
}
