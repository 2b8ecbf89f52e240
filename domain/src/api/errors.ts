// The error catalogue (docs/product-rules.md#errors) plus the errors of our own API, as data: each code has one HTTP
// status and one bilingual message, so the server answers and the web shows the same words.
import { fillMessage, type Bilingual } from '../messages/bilingual'

export interface ErrorDef {
  status: number
  /** May contain `{name}` placeholders, filled by `errorMessage`. */
  message: Bilingual
}

const def = (status: number, sl: string, en: string): ErrorDef => ({ status, message: { sl, en } })

export const ERRORS = {
  // Pages and routes (docs/product-rules.md#errors).
  /** No route matches the path. */
  pageNotFound: def(404, 'Stran ne obstaja: {path}', 'Page not found: {path}'),
  /** A route's validate rule failed: fatal, unless the rule gives its own status and message. */
  routeValidation: def(404, 'Stran ne obstaja: {path}', 'Page Not Found: {path}'),
  /** A route names a guard that does not exist: a programming error, thrown. */
  unknownRouteGuard: def(500, 'Neznano varovalo poti: {guard}', 'Unknown route guard: {guard}'),

  // The logged conditions of docs/product-rules.md#errors, with the wording the logs and the snackbar use.
  dbCallFailed: def(
    500,
    'Klic baze ni uspel: {collection}/{operation}',
    'Database call failed: {collection}/{operation}',
  ),
  userBlocked: def(403, 'Uporabnik je blokiran', 'User is blocked'),
  userNotFound: def(404, 'Uporabnika ni: {username}', 'User not found: {username}'),

  // Our API (docs/security.md#requests): bad input gets a clear status and message and changes nothing.
  badRequest: def(400, 'Napačna zahteva', 'Bad request'),
  invalidBody: def(400, 'Vsebina zahteve ni veljavna', 'Invalid request body'),
  unknownCollection: def(404, 'Neznana zbirka: {collection}', 'Unknown collection: {collection}'),
  unknownOperation: def(404, 'Neznana operacija: {operation}', 'Unknown operation: {operation}'),
  forbiddenOperator: def(
    400,
    'Operator ni dovoljen: {operator}',
    'Operator not allowed: {operator}',
  ),
  // The bounds of a data call (docs/0003-bounded-queries.md).
  unsafeRegex: def(
    400,
    'Iskanje sprejme le dobesedno besedilo do 100 znakov, po želji z ^ na začetku; znake ^$.|?*+()[]{}\\ zapišite z \\ pred njimi, edina možnost je i: {operator}',
    'A search takes only literal text of up to 100 characters, optionally starting with ^; write the characters ^$.|?*+()[]{}\\ with a \\ before them; the only option is i: {operator}',
  ),
  forbiddenPath: def(
    400,
    'Ime polja ni dovoljeno (__proto__, constructor in prototype niso imena polj): {field}',
    'Field name not allowed (__proto__, constructor and prototype are not field names): {field}',
  ),
  identityField: def(
    400,
    'Polje {field} se zapiše in primerja le kot celo besedilo, brez podpolj in operatorjev',
    'The field {field} is written and compared only as whole text, without sub-fields or operators',
  ),
  limitExceeded: def(
    400,
    'Zahteva presega omejitev pri {field}: največ {max}',
    'The request exceeds a limit at {field}: at most {max}',
  ),
  aggregateTooLarge: def(
    400,
    'Poizvedba bi hkrati obdelala preveč zapisov; zožite jo z $match ali $limit',
    'The query would hold too many records at once; narrow it with $match or $limit',
  ),
  queryTimeout: def(
    503,
    'Poizvedba je trajala predolgo in je bila ustavljena; zožite iskanje in poskusite znova',
    'The query took too long and was stopped; narrow the search and try again',
  ),
  notLoggedIn: def(401, 'Niste prijavljeni', 'Not logged in'),
  // Also a self-registration nobody has accepted yet (docs/product-rules.md#users).
  badCredentials: def(
    401,
    'Napačno uporabniško ime ali geslo (nova registracija se lahko prijavi, ko jo potrdimo)',
    'Wrong username or password (a new registration can log in once it is accepted)',
  ),
  forbidden: def(403, 'Nimate dovoljenja', 'Not allowed'),
  // Acting as another user (docs/0045-acting-as-another-user.md).
  actAsAdmin: def(
    403,
    'Kot drug skrbnik ne morete delovati',
    'You cannot act as another administrator',
  ),
  actAsBlocked: def(
    409,
    'Uporabnik je blokiran ali še ni sprejet; kot on ne morete delovati',
    'This user is blocked or not yet accepted; you cannot act as them',
  ),
  notWhileActing: def(
    403,
    'Tega med delovanjem kot drug uporabnik ni mogoče storiti; najprej končajte',
    'This cannot be done while acting as another user; end it first',
  ),
  foreignOrigin: def(
    403,
    'Zahteva s tuje strani ni dovoljena',
    'Requests from another site are not allowed',
  ),
  conflict: def(409, 'Spor s hkratno spremembo', 'Conflict with a concurrent change'),
  duplicateKey: def(409, 'Zapis že obstaja', 'Record already exists'),
  // The sign-up lists (/prijaveZaDan, /prijaveNaDogodke): a decision on a sign-up that another
  // registrar deleted, or one that would not change it (nobody gets the same e-mail twice).
  signupNotFound: def(404, 'Te prijave ni več', 'This sign-up is no longer there'),
  signupUnchanged: def(409, 'Prijava je že v tem stanju', 'The sign-up already has this status'),
  /** An enrolment action its state does not allow (docs/product-rules.md#enrolment). */
  enrolmentNotAllowed: def(
    409,
    'Tega pri prijavi v tem stanju ni mogoče storiti',
    'This cannot be done to an application in this state',
  ),
  /** An application id that names no enrolment. */
  enrolmentNotFound: def(404, 'Prijave ni več', 'The application no longer exists'),
  // Make-up sessions and their sign-ups (docs/product-rules.md#make-ups-and-attendance-rules).
  makeupSessionNotFound: def(404, 'Tega nadomeščanja ni', 'This make-up session does not exist'),
  makeupSessionClosed: def(
    409,
    'Nadomeščanje je odpovedano ali je že minilo; prijava ni več mogoča',
    'The make-up session is cancelled or already over; signing up is no longer possible',
  ),
  makeupSessionExists: def(
    409,
    'Nadomeščanje s to oznako že obstaja',
    'A make-up session with this identifier already exists',
  ),
  makeupSignupNotFound: def(
    404,
    'Na to nadomeščanje niste prijavljeni',
    'There is no sign-up for this make-up session',
  ),
  makeupCancelTooLate: def(
    409,
    'Prijavo lahko odjavite najpozneje {hours} ur pred začetkom nadomeščanja ({deadline}); za odjavo se obrnite na organizatorja',
    'A sign-up can be cancelled up to {hours} hours before the make-up session starts ({deadline}); please contact the organisers',
  ),
  makeupOnlyYourself: def(403, 'Prijavite lahko le sebe', 'You can only sign up yourself'),
  payloadTooLarge: def(413, 'Zahteva je prevelika', 'Request too large'),
  // A single-use password link that can no longer be used (docs/security.md#password-links).
  passwordLinkExpired: def(
    410,
    'Povezava je potekla; na strani za prijavo prosite za novo',
    'The link has expired; ask for a new one on the login page',
  ),
  passwordLinkUsed: def(
    410,
    'Povezava je že bila uporabljena; če gesla ne veste, prosite za novo povezavo',
    'The link has already been used; if you do not know the password, ask for a new link',
  ),
  passwordLinkUnknown: def(
    410,
    'Povezava ne velja; prosite za novo',
    'The link is not valid; ask for a new one',
  ),
  // Files (docs/architecture.md#files): uploads that are refused say why, in the user's words.
  fileNotFound: def(404, 'Datoteke ni', 'File not found'),
  uploadNotFound: def(
    404,
    'Tega nalaganja ni (več); datoteko naložite znova',
    'This upload does not exist (any more); upload the file again',
  ),
  fileNameInvalid: def(
    400,
    'Ime datoteke ni sprejemljivo: imeti mora končnico in največ 255 znakov, brez map in kontrolnih znakov',
    'The file name is not acceptable: it needs an extension and at most 255 characters, without folders or control characters',
  ),
  fileTypeNotAllowed: def(
    415,
    'Datoteke »{name}« ni mogoče naložiti; dovoljene vrste: {allowed}',
    'The file “{name}” cannot be uploaded; allowed types: {allowed}',
  ),
  fileTypeMismatch: def(
    415,
    'Vsebina datoteke »{name}« ne ustreza njeni vrsti ali končnici',
    'The contents of “{name}” do not match its type or extension',
  ),
  // A .vtt upload that is not WebVTT, with the first line that is wrong (media/webvtt.ts).
  subtitlesInvalid: def(
    415,
    'Datoteka »{name}« ni veljaven zapis podnapisov WebVTT (napaka v vrstici {line})',
    'The file “{name}” is not valid WebVTT subtitles (error on line {line})',
  ),
  fileTooLarge: def(
    413,
    'Datoteka »{name}« je prevelika; datoteke te vrste imajo lahko največ {limit} MB',
    'The file “{name}” is too large; files of this kind may have at most {limit} MB',
  ),
  // Bounded staging of unfinished uploads (docs/0031-bounded-uploads.md).
  uploadQuotaExceeded: def(
    413,
    'Datoteke »{name}« ni mogoče začeti nalagati: imate lahko največ {count} nedokončanih nalaganj in {limit} MB; dokončajte ali prekličite katero od njih',
    'The file “{name}” cannot start uploading: you may have at most {count} unfinished uploads and {limit} MB; finish or cancel one of them',
  ),
  uploadStorageFull: def(
    507,
    'Na strežniku trenutno ni prostora za datoteko »{name}«; poskusite pozneje',
    'The server has no room for the file “{name}” right now; try again later',
  ),
  uploadBusy: def(
    423,
    'To nalaganje je zasedeno z drugo zahtevo; poskusite znova čez nekaj sekund',
    'This upload is busy with another request; try again in a few seconds',
  ),
  tusVersionUnsupported: def(
    412,
    'Ta različica protokola tus ni podprta; strežnik podpira {version}',
    'This version of the tus protocol is not supported; the server supports {version}',
  ),
  uploadContentType: def(
    415,
    'Del nalaganja mora biti poslan kot application/offset+octet-stream',
    'A piece of an upload must be sent as application/offset+octet-stream',
  ),
  fileInUse: def(
    409,
    'Datoteke ni mogoče izbrisati, dokler jo uporablja: {uses}',
    'The file cannot be deleted while it is used by: {uses}',
  ),
  // Certificates (docs/access-policy.md#certificates): a wrong, malformed or unknown code all get
  // this one answer, so a guess learns nothing.
  certificateNotFound: def(
    404,
    'Potrdila s to kodo ni; preverite, ali ste jo prepisali pravilno',
    'No certificate has this code; check that it was typed correctly',
  ),
  certificateIssuerOnly: def(
    403,
    'Potrdila izdajajo in prekličejo le administratorji in urejevalci registracij',
    'Only administrators and registration editors issue and revoke certificates',
  ),
  certificateAlreadyRevoked: def(
    409,
    'Potrdilo je že preklicano',
    'The certificate is already revoked',
  ),
  // Photo galleries (docs/product-rules.md#photos).
  albumNotFound: def(404, 'Albuma ni', 'Album not found'),
  // The public pages and news (docs/0050-public-pages-and-news-are-data.md).
  contentPageNotFound: def(404, 'Te strani ni', 'There is no such page'),
  pageVersionNotFound: def(404, 'Te različice strani ni', 'There is no such version of the page'),
  newsPostNotFound: def(404, 'Te novice ni', 'There is no such news post'),
  photoNotFound: def(404, 'Fotografije ni', 'Photo not found'),
  albumNotEmpty: def(
    409,
    'Album ima še fotografije; izbrišite ali premaknite jih, nato izbrišite album',
    'The album still has photos; delete or move them, then delete the album',
  ),
  photoUnreadable: def(
    415,
    'Datoteke »{name}« ni mogoče prebrati kot fotografijo',
    'The file “{name}” cannot be read as a photo',
  ),
  photoWorkBusy: def(
    503,
    'Strežnik ravno obdeluje druge fotografije; poskusite znova čez nekaj sekund',
    'The server is busy with other photos; try again in a few seconds',
  ),
  // The calendar (docs/0047-the-calendar-is-data.md): {sl} and {en} carry each language's
  // sentences, counted and dated in that language.
  invalidCalendar: def(400, 'Urnik ni veljaven: {sl}', 'The calendar is not valid: {en}'),
  recordedWork: def(
    409,
    'Sprememba bi odstranila učne dneve z vpisanim delom. {sl} Izberite, ali se prisotnosti premaknejo na drug dan ali dan ostane v bloku kot dan brez pouka.',
    'The change would remove study days with recorded work. {en} Choose whether the marks move to another day or the day stays in its block as a day without training.',
  ),
  invalidDecision: def(409, '{sl}', '{en}'),
  moveCollision: def(409, '{sl}', '{en}'),
  calendarBlockNotFound: def(404, 'Tega bloka v urniku ni', 'This block is not in the calendar'),
  calendarChangeNotFound: def(
    404,
    'Te spremembe urnika ni',
    'This change of the calendar does not exist',
  ),
  calendarChangeUndone: def(
    409,
    'Ta sprememba urnika je že razveljavljena',
    'This change of the calendar is already undone',
  ),
  serverBusy: def(
    503,
    'Strežnik je trenutno zaseden, poskusite znova čez trenutek',
    'The server is busy, try again in a moment',
  ),
  rateLimited: def(429, 'Preveč poskusov, poskusite pozneje', 'Too many attempts, try again later'),
  internal: def(500, 'Notranja napaka strežnika', 'Internal Server Error'),
} as const satisfies Record<string, ErrorDef>

export type ErrorCode = keyof typeof ERRORS

export type ErrorParams = Readonly<Record<string, string | number>>

/** The shape of every error answer of the API. */
export interface ErrorBody {
  error: { code: ErrorCode; message: Bilingual }
}

export function errorMessage(code: ErrorCode, params: ErrorParams = {}): Bilingual {
  const { sl, en } = ERRORS[code].message
  return { sl: fillMessage(sl, params), en: fillMessage(en, params) }
}

export function errorStatus(code: ErrorCode): number {
  return ERRORS[code].status
}

export function errorBody(code: ErrorCode, params: ErrorParams = {}): ErrorBody {
  return { error: { code, message: errorMessage(code, params) } }
}

/** The error page (docs/product-rules.md#errors): status 500 unless given; 404 says the page was not found. */
export function errorPageMessage(status?: number | null): { status: number; message: Bilingual } {
  const code = status ?? 500
  return code === 404
    ? { status: code, message: { sl: 'Stran ne obstaja', en: 'Page Not Found' } }
    : { status: code, message: ERRORS.internal.message }
}

/** Search and social-preview bots, and Lighthouse runs (docs/product-rules.md#errors). */
const BOT = /bot|google|facebookexternalhit|lighthouse/i

/** Bots get no error page (docs/product-rules.md#errors), so an error is never indexed or previewed as content. */
export function isBot(userAgent: string | null | undefined): boolean {
  return userAgent ? BOT.test(userAgent) : false
}
