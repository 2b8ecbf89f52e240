// The reading screens over a device's tables: material and library put into the local database
// (as a pull or an editor's queued edit leaves them), read through the one local view, and shown
// in both languages as a participant's phone shows them.
import 'fake-indexeddb/auto'
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import {
  emptyLibraryItem,
  emptyMaterial,
  type FileRef,
  type LibraryItemRecord,
  type MaterialRecord,
} from '@lfit/domain/materials/material'
import { messages as enApp } from '../locales/en.po'
import { messages as enScreens } from '../locales/screens/en.po'
import { messages as slApp } from '../locales/sl.po'
import { messages as slScreens } from '../locales/screens/sl.po'
import { LocalDatabase } from '../offline/database'
import { libraryShown, materialsShown } from '../offline/local-view'
import { recordEdit } from '../offline/outbox'
import { LibraryView, initialLibraryState } from '../library/LibraryView'
import type { OfflineActions } from './KeepOffline'
import { MaterialListView, initialListState } from './MaterialListView'
import { MyMaterialView, type MyMaterialSearch } from './MyMaterialView'
import { OfflinePanel } from './OfflinePanel'
import { ProjectMaterialView } from './ProjectMaterialView'

// The app's words and the screens' words, as the router loads both for these screens.
const en = { ...enApp, ...enScreens }
const sl = { ...slApp, ...slScreens }

const opened: LocalDatabase[] = []
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close()
    await db.delete()
  }
})

async function device(): Promise<LocalDatabase> {
  const db = new LocalDatabase(`materials-${Math.random()}`)
  opened.push(db)
  await db.open()
  return db
}

function render(locale: 'en' | 'sl', element: ReactElement): string {
  const i18n = setupI18n({ locale, messages: { [locale]: locale === 'sl' ? sl : en } })
  return renderToStaticMarkup(<I18nProvider i18n={i18n}>{element}</I18nProvider>)
}

const pdf: FileRef = {
  fileId: 'f-pdf',
  name: 'dihanje.pdf',
  size: 2_400_000,
  type: 'application/pdf',
}
const mp3: FileRef = { fileId: 'f-mp3', name: 'vaja.mp3', size: 5_000_000, type: 'audio/mpeg' }

const material = (id: string, fields: Partial<MaterialRecord>): MaterialRecord => ({
  ...emptyMaterial(id),
  visibility: 'participants',
  ...fields,
})

const breathing = material('breathing', {
  titleSl: 'Dihalne vaje',
  titleEn: 'Breathing exercises',
  descriptionEn: '<p>Practise daily</p>',
  kind: 'audio',
  years: [1],
  segments: [3],
  day: '2026-11-17',
  educators: ['Novak'],
  files: [pdf, mp3],
  createdAt: 3_000,
})
const anatomy = material('anatomy', {
  titleSl: 'Anatomija',
  titleEn: 'Anatomy',
  years: [1],
  segments: [2],
  createdAt: 1_000,
})
const extra = material('extra', {
  titleSl: 'Dodatno branje',
  titleEn: 'Further reading',
  kind: 'link',
  url: 'https://example.org/read',
  years: [5],
  segments: [99],
  projects: ['LFIT2025'],
  createdAt: 2_000,
})

/** Keep offline as a browser with copies of `kept` would show it. */
const copies = (kept: string[], available = true): OfflineActions & { storage: null } => ({
  available,
  kept: new Set(kept),
  busy: null,
  storage: null,
  keep: async () => undefined,
  remove: async () => undefined,
})

function myMaterial(
  locale: 'en' | 'sl',
  materials: MaterialRecord[],
  options: {
    seen?: string[] | null
    search?: MyMaterialSearch
    words?: string
    kept?: string[]
  } = {},
) {
  return render(
    locale,
    <MyMaterialView
      materials={materials}
      seenAtLastVisit={options.seen ?? null}
      search={options.search ?? {}}
      words={options.words ?? ''}
      onWords={() => undefined}
      copies={copies(options.kept ?? [])}
      onShowAll={() => undefined}
    />,
  )
}

/** The order of the `data-…` values in the markup. */
const order = (html: string, attribute: string) =>
  [...html.matchAll(new RegExp(`${attribute}="([^"]*)"`, 'g'))].map((m) => m[1])

describe('/gradiva', () => {
  it('shows the device’s material by year and segment, newest group first', async () => {
    const db = await device()
    await db.materials.bulkPut([anatomy, breathing, extra])
    const html = myMaterial(
      'en',
      (await materialsShown(db)).map(({ record }) => record),
    )
    expect(order(html, 'data-segment')).toEqual(['99', '3', '2'])
    expect(html).toContain('Year 5 · Extra material')
    expect(html).toContain('Year 1 · Segment 3')
    expect(html).toContain('Breathing exercises')
    expect(html).toContain('Tue 17 Nov 2026')
    // A recording plays in place; every file is fetched by its id.
    expect(html).toContain('<audio controls="" preload="none" src="/api/files/f-mp3">')
    expect(html).toContain('href="/api/files/f-pdf"')
  })

  it('speaks Slovenian: titles, segment names and unambiguous dates', () => {
    const html = myMaterial('sl', [breathing, extra])
    expect(html).toContain('Dihalne vaje')
    expect(html).toContain('5. letnik · Dodatno gradivo')
    expect(html).toContain('1. letnik · Segment 3')
    expect(html).toContain('tor., 17. 11. 2026')
    expect(html).toContain('2,4 MB')
  })

  it('marks what is new since the last visit, and nothing on a first visit', () => {
    const first = myMaterial('en', [anatomy, breathing], { seen: null })
    expect(first).not.toContain('data-new')
    const later = myMaterial('en', [anatomy, breathing, extra], { seen: ['anatomy'] })
    expect(later).toContain('data-new-count="2"')
    expect(later).toContain('2 new materials since your last visit')
    expect(order(later, 'data-new')).toEqual(['true', 'true'])
    expect(myMaterial('sl', [breathing], { seen: [] })).toContain(
      '1 novo gradivo od vašega zadnjega obiska',
    )
  })

  it('opens on one segment from a make-up day’s link, with a way back to everything', () => {
    const html = myMaterial('en', [anatomy, breathing, extra], { search: { year: 1, segment: 3 } })
    expect(order(html, 'data-material')).toEqual(['breathing'])
    expect(html).toContain('Show all my material')
    const none = myMaterial('en', [anatomy], { search: { year: 1, segment: 7 } })
    expect(none).toContain('No material for this segment yet.')
  })

  it('says so when the device has no material yet, or the search matches none', () => {
    expect(myMaterial('en', [])).toContain('No material for you on this device yet.')
    expect(myMaterial('en', [anatomy], { words: 'zzz' })).toContain(
      'No material matches the search.',
    )
  })

  it('offers keep offline per material and per segment, and says what is kept', () => {
    const none = myMaterial('en', [breathing])
    expect(order(none, 'data-offline')).toEqual(['none', 'none'])
    expect(none).toContain('aria-label="Keep offline: Year 1 · Segment 3"')
    expect(none).toContain('aria-label="Keep offline: Breathing exercises"')
    const partly = myMaterial('en', [breathing], { kept: ['f-pdf'] })
    expect(order(partly, 'data-offline')).toEqual(['partial', 'partial'])
    expect(partly).toContain('Partly kept offline (2.4 MB)')
    const kept = myMaterial('sl', [breathing], { kept: ['f-pdf', 'f-mp3'] })
    expect(order(kept, 'data-offline')).toEqual(['kept', 'kept'])
    expect(kept).toContain('Shranjeno za uporabo brez povezave (7,4 MB)')
    expect(kept).toContain('Odstrani kopijo brez povezave')
    // Material without files, or a browser that cannot keep copies, offers nothing to keep.
    expect(myMaterial('en', [anatomy])).not.toContain('data-offline')
    const unable = render(
      'en',
      <MyMaterialView
        materials={[breathing]}
        seenAtLastVisit={null}
        search={{}}
        words=""
        onWords={() => undefined}
        copies={copies([], false)}
        onShowAll={() => undefined}
      />,
    )
    expect(unable).not.toContain('data-offline')
  })

  it('lists what this device keeps and the space it takes', () => {
    const panel = (kept: string[], locale: 'en' | 'sl' = 'en') =>
      render(
        locale,
        <OfflinePanel
          materials={[breathing, anatomy]}
          copies={{ ...copies(kept), storage: { usage: 12_000_000, quota: 2_000_000_000 } }}
        />,
      )
    expect(panel([])).toContain('Nothing is kept offline yet.')
    const kept = panel(['f-mp3'])
    expect(order(kept, 'data-kept')).toEqual(['breathing'])
    expect(kept).toContain('Material files kept offline: 5.0 MB.')
    expect(kept).toContain(
      'This app uses 12 MB of the 2.0 GB the browser allows it on this device.',
    )
    expect(panel(['f-mp3'], 'sl')).toContain('Aplikacija na tej napravi porabi 12 MB od 2,0 GB')
  })
})

describe('/gradivaSeznam', () => {
  const list = (locale: 'en' | 'sl', materials: MaterialRecord[], state = initialListState) =>
    render(
      locale,
      <MaterialListView materials={materials} state={state} onChange={() => undefined} />,
    )

  it('shows an editor’s queued material at once, merged over what the server sent', async () => {
    const db = await device()
    await db.materials.bulkPut([anatomy])
    const deps = { now: () => 1_800_000_000_000, newId: () => `m-${Math.random()}` }
    await recordEdit(
      db,
      {
        collection: 'materials',
        recordId: 'anatomy',
        fields: { titleEn: 'Anatomy I' },
        user: 'ed',
      },
      deps,
    )
    await recordEdit(
      db,
      {
        collection: 'materials',
        recordId: 'fresh',
        fields: {
          titleEn: 'Posture',
          kind: 'video',
          years: [2],
          visibility: 'staff',
          createdAt: 5_000,
        },
        user: 'ed',
      },
      deps,
    )
    const html = list(
      'en',
      (await materialsShown(db)).map(({ record }) => record),
    )
    expect(order(html, 'data-material')).toEqual(['fresh', 'anatomy'])
    expect(html).toContain('Anatomy I')
    expect(html).toContain('2 of 2 materials')
  })

  it('filters, sorts and labels every cell for the phone’s card layout', () => {
    const all = [anatomy, breathing, extra, material('gone', { deleted: true, years: [1] })]
    const byTitle = list('sl', all, { filter: {}, sort: 'title' })
    expect(order(byTitle, 'data-material')).toEqual(['anatomy', 'breathing', 'extra'])
    expect(byTitle).toContain('3 od 3 gradiv')
    expect(byTitle).toContain('data-label="Izobraževalci"')
    const year1 = list('en', all, { filter: { year: 1, educator: 'Novak' }, sort: 'newest' })
    expect(order(year1, 'data-material')).toEqual(['breathing'])
    expect(year1).toContain('1 of 3 materials')
    expect(year1).toContain('Tue 17 Nov 2026')
    const none = list('en', all, { filter: { kind: 'video' }, sort: 'newest' })
    expect(none).toContain('No material matches.')
  })
})

describe('/gradivaProjekta', () => {
  it('shows the material of each project on the device, none of the rest', () => {
    const html = render(
      'en',
      <ProjectMaterialView materials={[anatomy, breathing, extra]} copies={copies([])} />,
    )
    expect(order(html, 'data-project')).toEqual(['LFIT2025'])
    expect(order(html, 'data-material')).toEqual(['extra'])
    expect(html).toContain('href="https://example.org/read"')
    expect(
      render('sl', <ProjectMaterialView materials={[anatomy]} copies={copies([])} />),
    ).toContain('Na tej napravi še ni projektnega gradiva.')
  })
})

describe('/knjiznjica', () => {
  const item = (id: string, fields: Partial<LibraryItemRecord>): LibraryItemRecord => ({
    ...emptyLibraryItem(id),
    ...fields,
  })

  it('lists the library with its files or where a copy is, searched and filtered', async () => {
    const db = await device()
    await db.library.bulkPut([
      item('book', {
        title: 'Zdravje',
        author: 'Žagar',
        year: 2019,
        language: 'sl',
        location: 'Polica 3',
        tags: ['dihanje'],
      }),
      item('talk', {
        kind: 'recording',
        title: 'Breath',
        author: 'Adams',
        language: 'en',
        files: [mp3],
      }),
    ])
    const items = (await libraryShown(db)).map(({ record }) => record)
    const show = (locale: 'en' | 'sl', state = initialLibraryState, kept: string[] = []) =>
      render(
        locale,
        <LibraryView
          items={items}
          state={state}
          onChange={() => undefined}
          copies={copies(kept)}
        />,
      )
    const all = show('sl')
    expect(order(all, 'data-item')).toEqual(['talk', 'book'])
    expect(all).toContain('Izvod: Polica 3')
    expect(all).toContain('href="/api/files/f-mp3"')
    expect(all).toContain('(Posnetek)')
    const slovenian = show('en', { filter: { language: 'SL' }, sort: 'title' })
    expect(order(slovenian, 'data-item')).toEqual(['book'])
    expect(slovenian).toContain('1 of 2 items')
    const searched = show('en', { filter: { search: 'zagar' }, sort: 'title' })
    expect(order(searched, 'data-item')).toEqual(['book'])
    expect(show('en', { filter: { tag: 'x' }, sort: 'title' })).toContain(
      'Nothing in the library matches.',
    )
    // Languages by name in the screen's language, in the cells and the filter, never as codes.
    expect(all).toContain('Angleščina')
    expect(all).toContain('Slovenščina')
    expect(all).not.toMatch(/>(sl|en)</)
    expect(show('en')).toContain('>English<')
    // The item with a file is kept offline as material is; the one on a shelf offers nothing.
    expect(all).toContain('aria-label="Shrani za uporabo brez povezave: Breath"')
    expect(all).not.toContain('Shrani za uporabo brez povezave: Zdravje')
    expect(show('en', initialLibraryState, ['f-mp3'])).toContain('Kept offline')
  })
})
