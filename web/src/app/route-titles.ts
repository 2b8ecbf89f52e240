// The translated name of every route of the domain table: page titles, navigation labels and
// placeholders use it. Keyed by the table's path in lower case.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

export const SITE_TITLE = 'Ljubljana LFIT'
/** The name where space is short: the app bar on a phone, the installed app's icon. */
export const SITE_SHORT_TITLE = 'LFIT'

export const ROUTE_TITLES: Record<string, MessageDescriptor> = {
  '/': msg`Home`,
  '/$name': msg`Information`,
  '/faq': msg`Frequently asked questions`,
  '/urnik': msg`Timetable`,
  '/metoda': msg`Method`,
  '/novice': msg`News`,
  '/koncept': msg`Concept`,
  '/kontakt': msg`Contact`,
  '/notrack': msg`No tracking`,
  '/solnina': msg`Tuition`,
  '/lokacija': msg`Location`,
  '/navodila': msg`Instructions`,
  '/ucitelji': msg`Teachers`,
  '/urnikprn': msg`Timetable for printing`,
  '/kurikulum': msg`Curriculum`,
  '/prednosti': msg`Benefits`,
  '/prisotnosti': msg`Attendance overview`,
  '/urnik-print': msg`Printable timetable`,
  '/nadaljevanje': msg`Continuation`,
  '/nadomescanje': msg`Make-up lessons`,
  '/predstavitve': msg`Presentations`,
  '/prijavazadan': msg`Sign up for a day`,
  '/rezervacija': msg`Reservation`,
  '/organizatorji': msg`Organisers`,
  '/prisotnostgraf': msg`Attendance graph`,
  '/auth/login': msg`Log in`,
  '/auth/logout': msg`Log out`,
  '/auth/password': msg`Change password`,
  '/auth/register': msg`Register`,
  '/test': msg`Test pages`,
  '/test/db': msg`Database test`,
  '/test/ebus': msg`Event bus test`,
  '/test/email': msg`E-mail test`,
  '/test/editor': msg`Editor test`,
  '/test/socket': msg`Socket test`,
  '/test/snack': msg`Snackbar test`,
  '/etab': msg`Electronic tab`,
  '/mediji': msg`Media`,
  '/photos': msg`Photos`,
  '/poster': msg`Poster`,
  '/gradiva': msg`Materials`,
  '/prijave': msg`Registrations`,
  '/sosolci': msg`Classmates`,
  '/atmcerts': msg`ATM certificates`,
  '/mojracun': msg`My account`,
  '/projects': msg`Projects`,
  '/dir': msg`Directories`,
  '/odsotnost': msg`Absences`,
  '/auth/users': msg`Users`,
  '/knjiznjica': msg`Library`,
  '/prisotnost': msg`Attendance`,
  '/udelezenci': msg`Participants`,
  '/atmcertslist': msg`ATM certificate list`,
  '/librarymedia': msg`Library media`,
  '/nadomescanja': msg`Make-up lesson records`,
  '/prijavezadan': msg`Day sign-ups`,
  '/projectmedia': msg`Project media`,
  '/gradivaseznam': msg`List of materials`,
  '/odsotnostosebe': msg`My absences`,
  '/gradivaprojekta': msg`Project materials`,
  '/prijavenadogodke': msg`Event sign-ups`,
  '/auth/selectmyroles': msg`Act with roles`,
  '/organisedeventcerts': msg`Organised-event certificates`,
  '/prijavanadomescanje': msg`Sign up for a make-up lesson`,
}

export function routeTitle(path: string): MessageDescriptor | undefined {
  return ROUTE_TITLES[path.toLowerCase()]
}
