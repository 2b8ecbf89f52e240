// The demo's calendar, placed around the day the demo is first seeded (docs/0051-living-demo.md):
// a block running this week, four past blocks per programme year behind it, the next
// blocks in the coming weeks, make-up days and the extra-material period after them. Pure: the
// same `today` gives the same calendar, so two processes seeding one database agree.
//
// The four programme years run side by side (the demo has participants in each), one block a
// week in turn: week k's block runs from today + 7k − 2 to today + 7k + 2, so this week's block
// always holds today with two past days and two coming ones, whatever weekday today is.
import { addDays, type BlockDataInput, type ScheduleDataInput } from '@lfit/domain/schedule'

/** Weeks of blocks before this week's: four blocks of each programme year lie in the past. */
export const DEMO_PAST_WEEKS = 16
/** Weeks of blocks after this week's. */
export const DEMO_FUTURE_WEEKS = 7

const TRAINERS = ['Ana Zorec', 'Boris Lipnik', 'Clara Weissberg'] as const
const ASSISTANTS = ['Dan Petek', 'Eva Rozmanič', 'Filip Okorn', 'Greta Holm'] as const

/** The programme year of week k's block: this week's is year 1, then 2, 3, 4 and round again. */
function demoYearOfWeek(week: number): number {
  return (((week % 4) + 4) % 4) + 1
}

/**
 * Week k's block. A year's blocks take its three segments in order, two blocks each (the second
 * a review), so segments advance with time inside every year.
 */
function weekBlock(today: string, week: number): BlockDataInput {
  const year = demoYearOfWeek(week)
  // The year's blocks in date order, counted from its first (in week −DEMO_PAST_WEEKS + year − 1).
  const nth = Math.floor((week + DEMO_PAST_WEEKS) / 4)
  const segment = (year - 1) * 3 + 1 + Math.floor(nth / 2)
  const from = addDays(today, 7 * week - 2)
  const to = addDays(from, 4)
  const middle = addDays(from, 2)
  const block: BlockDataInput = {
    year,
    segment,
    from,
    to,
    headerName: `Segment ${segment}`,
    trainer: TRAINERS[segment % TRAINERS.length] as string,
    assistants: [ASSISTANTS[segment % ASSISTANTS.length] as string],
    review: nth % 2 === 1,
  }
  if (week === 0) {
    block.comment = {
      sl: 'Blok ta teden: tablica odpre današnji dan',
      en: "This week's block: the tablet opens today's sheet",
    }
  }
  // One coming block rests in the middle and one starts late on its middle day, so the planner
  // and the timetable show a free day and special hours.
  if (week === 3) {
    block.freeDays = [middle]
    block.comment = { sl: 'S prostim dnem na sredini', en: 'With a rest day in the middle' }
  }
  if (week === 2) block.specialHours = { [middle]: { from: '11:00', to: '17:00' } }
  return block
}

/** The demo programme's calendar with this week's block around `today` (YYYY-MM-DD). */
export function demoCalendar(today: string): ScheduleDataInput {
  const blocks: BlockDataInput[] = []
  for (let week = -DEMO_PAST_WEEKS; week <= DEMO_FUTURE_WEEKS; week++) {
    blocks.push(weekBlock(today, week))
  }
  const afterWeeks = 7 * (DEMO_FUTURE_WEEKS + 1)
  blocks.push(
    {
      year: 2,
      segment: 21,
      from: addDays(today, afterWeeks - 2),
      to: addDays(today, afterWeeks - 1),
      headerName: 'Make-up days',
      trainer: TRAINERS[2],
      assistants: [ASSISTANTS[3]],
      makeup: true,
      comment: {
        sl: 'Za udeležence, ki so zamudili študijske dni',
        en: 'For participants who missed study days',
      },
    },
    {
      // A period when extra material is available, not training (segment 99 has no days).
      year: 5,
      segment: 99,
      from: addDays(today, afterWeeks + 7),
      to: addDays(today, afterWeeks + 7 + 180),
      headerName: 'Extra material',
      trainer: '',
      alwaysShow: true,
      doNotAutoSelect: true,
    },
  )
  return { venue: 'Studio Gibanje, Ljubljana', blocks }
}
