// The poster's printed words, in both languages at once: a sheet on the studio wall is read by
// Slovenian and English speakers alike and cannot switch language, so every heading carries both
// (docs/product-rules.md#poster). The screen's controls around it use the app's catalogs as usual;
// these are the app's own words for the same things (the timetable's), kept in one place.
import type { Bilingual } from '@lfit/domain/messages/bilingual'
import { MAKEUP_SEGMENT, type TrainingBlock } from '@lfit/domain/schedule'

export const POSTER_WORDS = {
  timetable: { sl: 'Urnik', en: 'Timetable' },
  segment: { sl: 'Segment', en: 'Segment' },
  dates: { sl: 'Datumi', en: 'Dates' },
  hours: { sl: 'Ure', en: 'Hours' },
  trainer: { sl: 'Trener', en: 'Trainer' },
  trainers: { sl: 'Trenerji', en: 'Trainers' },
  assistants: { sl: 'Asistenti', en: 'Assistants' },
  free: { sl: 'prosto', en: 'free' },
  review: { sl: 'ponovitev', en: 'review' },
  venue: { sl: 'Lokacija', en: 'Venue' },
  contact: { sl: 'Kontakt', en: 'Contact' },
  scan: { sl: 'Urnik na telefonu', en: 'The timetable on your phone' },
  noBlocks: { sl: 'Za ta letnik ni blokov.', en: 'This year has no blocks.' },
} as const satisfies Record<string, Bilingual>

export function yearTitle(year: number): Bilingual {
  return { sl: `${year}. letnik`, en: `Year ${year}` }
}

export function blockName(block: TrainingBlock): Bilingual {
  const name: Bilingual =
    block.segment === MAKEUP_SEGMENT || block.makeup
      ? { sl: 'Nadomestni dnevi', en: 'Make-up days' }
      : { sl: `Segment ${block.segment}`, en: `Segment ${block.segment}` }
  return block.review
    ? { sl: `${name.sl} (${POSTER_WORDS.review.sl})`, en: `${name.en} (${POSTER_WORDS.review.en})` }
    : name
}
