import { FILE_MANAGER_ROLES, MATERIAL_READER_ROLES } from '../materials/access'
import { CALENDAR_EDITORS } from './policy'
import { describe, expect, it } from 'vitest'
import { decide } from './policy'
import { ROLES, type Role } from './roles'
import {
  CONTENT_PAGE_PATH,
  ROUTES,
  canVisit,
  findRoute,
  isKnownPage,
  knownPagePaths,
  normalizePath,
  routeAccess,
  type Layout,
} from './routes'

// The product's protected-route table, copied by hand so that the route data is checked
// against the product's table (docs/product-rules.md#roles-and-routes) rather than against itself.
const SPEC_PROTECTED: readonly [string, readonly Role[] | 'anyLoggedIn', Layout][] = [
  ['/ETAB', ['admin', 'presenceEditor'], 'default'],
  ['/mediji', ['admin', 'regEditor', 'mediaEditor'], 'default'],
  ['/photos', 'anyLoggedIn', 'default'],
  ['/poster', ['admin', 'regEditor'], 'minimal'],
  [
    '/gradiva',
    ['participant', 'mediaEditor', 'regEditor', 'educator', 'seesAllMaterial'],
    'default',
  ],
  ['/prijave', ['admin', 'regEditor'], 'default'],
  ['/sosolci', ['participant', 'educator'], 'default'],
  ['/ATMcerts', ['admin', 'regEditor'], 'minimal'],
  ['/mojRacun', ['admin', 'participant', 'educator'], 'default'],
  ['/projects', ['admin', 'mediaEditor', 'projectEditor'], 'default'],
  // The spec's roles and the file managers the docs name besides (docs/product-rules.md#files).
  ['/dir', ['admin', 'mediaEditor', 'projectEditor', 'regEditor', 'librarian'], 'default'],
  ['/odsotnost', ['admin', 'presenceEditor'], 'default'],
  ['/auth/users', ['admin'], 'default'],
  [
    '/knjiznjica',
    ['participant', 'mediaEditor', 'projectEditor', 'librarian', 'seesLibrary'],
    'default',
  ],
  ['/prisotnost', ['admin', 'presenceEditor'], 'default'],
  ['/udelezenci', ['admin', 'regEditor'], 'default'],
  ['/ATMcertsList', ['admin', 'regEditor'], 'minimal'],
  ['/libraryMedia', ['admin', 'mediaEditor', 'projectEditor', 'librarian'], 'default'],
  ['/nadomescanja', ['admin', 'regEditor', 'makeupEditor'], 'default'],
  ['/prijaveZaDan', ['admin', 'regEditor'], 'default'],
  ['/projectMedia', ['admin', 'mediaEditor', 'projectEditor'], 'default'],
  [
    '/gradivaSeznam',
    ['participant', 'mediaEditor', 'regEditor', 'educator', 'seesAllMaterial'],
    'default',
  ],
  [
    '/odsotnostOsebe',
    ['admin', 'participant', 'educator', 'presenceEditor', 'regEditor'],
    'default',
  ],
  ['/gradivaProjekta', ['participant', 'mediaEditor', 'projectEditor'], 'default'],
  ['/prijaveNaDogodke', ['admin', 'regEditor'], 'default'],
  ['/auth/selectMyRoles', ['admin'], 'default'],
  ['/OrganisedEventCerts', ['admin', 'regEditor'], 'minimal'],
  ['/prijavaNadomescanje', ['participant', 'makeupEditor', 'regEditor', 'educator'], 'default'],
]

const SPEC_PUBLIC = [
  '/',
  '/faq',
  '/urnik',
  '/metoda',
  '/novice',
  '/koncept',
  '/kontakt',
  '/noTrack',
  '/solnina',
  '/lokacija',
  '/navodila',
  '/ucitelji',
  '/urnikPrn',
  '/kurikulum',
  '/prednosti',
  '/prisotnosti',
  '/urnik-print',
  '/nadaljevanje',
  '/nadomescanje',
  '/predstavitve',
  '/prijavaZaDan',
  '/rezervacija',
  '/organizatorji',
  '/prisotnostGraf',
  // Not in the original table: the certificates' public verification page (docs/access-policy.md#certificates).
  '/potrdilo',
]

const visitor = null

/**
 * Protected pages the app adds to the original table: a recording's player, the page editor, the
 * visit statistics, the calendar's planner.
 */
const APP_PAGES = ['/posnetek', '/urejanjeStrani', '/analitika', '/urejanjeUrnika']

describe('route table', () => {
  it('lets whoever reads material open a recording, and nobody else', () => {
    const player = ROUTES.find((r) => r.path === '/posnetek')
    expect([...(player?.roles ?? [])].sort()).toEqual([...MATERIAL_READER_ROLES].sort())
    expect(player?.roles).toContain('participant')
    expect(player?.roles).not.toContain('presenceEditor')
  })

  it.each([
    ['admin', 'allowed'],
    ['mediaEditor', 'allowed'],
    ['projectEditor', 'allowed'],
    ['regEditor', 'allowed'],
    ['librarian', 'allowed'],
    ['participant', 'forbidden'],
    ['seesLibrary', 'forbidden'],
    ['photoEditor', 'forbidden'],
  ] as const)('opens the file directory to %s: %s', (role, access) => {
    expect(routeAccess({ roles: [role] }, '/dir')).toBe(access)
  })

  it('opens the file directory to exactly the roles that manage files', () => {
    const directory = ROUTES.find((r) => r.path === '/dir')
    expect([...(directory?.roles ?? [])].sort()).toEqual([...FILE_MANAGER_ROLES].sort())
  })

  it('lets the calendar editors open the planner, and nobody else', () => {
    const planner = ROUTES.find((r) => r.path === '/urejanjeUrnika')
    expect([...(planner?.roles ?? [])].sort()).toEqual([...CALENDAR_EDITORS].sort())
    expect(canVisit({ roles: ['calendarEditor'] }, '/urejanjeurnika')).toBe(true)
    expect(canVisit({ roles: ['regEditor'] }, '/urejanjeUrnika')).toBe(false)
    expect(routeAccess(visitor, '/urejanjeUrnika')).toBe('needsLogin')
  })

  it("has the 28 protected rows of the product's table, in its order, with its layouts", () => {
    const rows = ROUTES.filter((r) => r.kind === 'protected' && !APP_PAGES.includes(r.path))
    expect(rows).toHaveLength(28)
    expect(
      rows.map((r) => [r.path, r.roles?.length === 0 ? 'anyLoggedIn' : r.roles, r.layout]),
    ).toEqual(SPEC_PROTECTED)
  })

  it('has every public page, one content-page pattern, and only the print variants minimal', () => {
    const pub = ROUTES.filter((r) => r.kind === 'public')
    expect(pub.map((r) => r.path)).toEqual([...SPEC_PUBLIC, CONTENT_PAGE_PATH])
    expect(pub.every((r) => r.roles === null)).toBe(true)
    expect(pub.filter((r) => r.layout === 'minimal').map((r) => r.path)).toEqual([
      '/urnikPrn',
      '/urnik-print',
    ])
  })

  it('has the 6 auth pages and the 7 test pages, only /test/snack guarded (admin)', () => {
    expect(ROUTES.filter((r) => r.kind === 'auth').map((r) => [r.path, r.roles])).toEqual([
      ['/auth/login', null],
      ['/auth/logout', null],
      ['/auth/password', null],
      ['/auth/register', null],
      ['/auth/forgotPassword', null],
      ['/auth/newPassword', null],
    ])
    expect(ROUTES.filter((r) => r.kind === 'test').map((r) => [r.path, r.roles])).toEqual([
      ['/test', null],
      ['/test/db', null],
      ['/test/ebus', null],
      ['/test/email', null],
      ['/test/editor', null],
      ['/test/socket', null],
      ['/test/snack', ['admin']],
    ])
  })

  it('no two paths collide once matching ignores case', () => {
    const normal = ROUTES.map((r) => normalizePath(r.path))
    expect(new Set(normal).size).toBe(normal.length)
  })
})

describe('protected route × role', () => {
  const cases = SPEC_PROTECTED.flatMap(([path, allowed]) =>
    ROLES.map((role) => {
      const ok = allowed === 'anyLoggedIn' || allowed.includes(role)
      return [path, role, ok ? 'allowed' : 'forbidden'] as const
    }),
  )
  it.each(cases)('%s as %s is %s', (path, role, access) => {
    expect(routeAccess({ roles: [role] }, path)).toBe(access)
    expect(canVisit({ roles: [role] }, path)).toBe(access === 'allowed')
  })

  it.each(SPEC_PROTECTED.map(([path]) => path))('%s asks a visitor to log in', (path) => {
    expect(routeAccess(visitor, path)).toBe('needsLogin')
    expect(routeAccess(undefined, path)).toBe('needsLogin')
  })

  it.each([
    ['a user with no roles may see photos', { roles: [] }, '/photos', 'allowed'],
    ['a user with null roles may see photos', { roles: null }, '/photos', 'allowed'],
    ['a user with no roles may not see /ETAB', {}, '/ETAB', 'forbidden'],
    ['any one matching role is enough', { roles: ['ED', 'regEditor'] }, '/poster', 'allowed'],
    ['an unknown role grants nothing', { roles: ['superuser'] }, '/dir', 'forbidden'],
  ] as const)('%s', (_label, user, path, access) => {
    expect(routeAccess(user, path)).toBe(access)
  })
})

describe('route matching', () => {
  it.each([
    ['trailing slash and case', '/Urnik/', '/urnik'],
    ['upper-case route typed in capitals with slash', '/ETAB/', '/ETAB'],
    ['upper-case route typed in lower case', '/etab', '/ETAB'],
    ['camel-case route typed in lower case', '/mojracun', '/mojRacun'],
    ['several trailing slashes', '/faq///', '/faq'],
    ['query ignored', '/urnik?lang=EN', '/urnik'],
    ['hash ignored', '/kontakt#map', '/kontakt'],
    ['query and hash ignored', '/Auth/Users/?x=1#top', '/auth/users'],
    ['root', '/', '/'],
    ['root with query', '/?lang=SI', '/'],
    ['empty path is the root', '', '/'],
    ['nested test page', '/TEST/snack', '/test/snack'],
    ['print variant', '/urnik-print/', '/urnik-print'],
    ['unrouted single segment is a content page', '/cenik', CONTENT_PAGE_PATH],
    ['content page with capitals and slash', '/O-Nas/', CONTENT_PAGE_PATH],
  ])('%s: %s → %s', (_label, path, routePath) => {
    expect(findRoute(path)?.path).toBe(routePath)
  })

  it.each([
    ['three segments', '/a/b/c'],
    ['two unrouted segments', '/urnik/2025'],
    ['unknown auth page', '/auth/nope'],
    ['bare /auth is no content page', '/auth'],
    ['bare /api is no content page', '/api/'],
    ['a file is no content page', '/robots.txt'],
  ])('%s: %s → notFound', (_label, path) => {
    expect(findRoute(path)).toBeUndefined()
    expect(routeAccess({ roles: ['admin'] }, path)).toBe('notFound')
    expect(routeAccess(visitor, path)).toBe('notFound')
  })

  it.each([
    ['public page', '/urnik'],
    ['content page', '/cenik'],
    ['auth page', '/auth/login'],
    ['open test page', '/test/db'],
  ])('a visitor may open a %s (%s)', (_label, path) => {
    expect(routeAccess(visitor, path)).toBe('allowed')
  })

  it.each([
    ['visitor', null, 'needsLogin'],
    ['participant', { roles: ['participant'] }, 'forbidden'],
    ['admin', { roles: ['admin'] }, 'allowed'],
  ] as const)('/test/snack for a %s is %s', (_label, user, access) => {
    expect(routeAccess(user, '/test/snack')).toBe(access)
  })
})

describe('known pages (the server answers anything else 404)', () => {
  const built = new Set(['cenik', 'faq', 'home'])
  it.each([
    ['a route of the table', '/urnik', true],
    ['a route in capitals with a trailing slash', '/Urnik/', true],
    ['an auth page', '/auth/login', true],
    ['the home page', '/', true],
    ['a protected page (the login comes later)', '/ETAB', true],
    ['a content page the build has', '/cenik', true],
    ['a content page in capitals with a slash', '/Cenik/', true],
    ['a content page that is also a route', '/faq', true],
    ['a name that fits the pattern but has no page', '/no-such-page', false],
    ['the home page under its own name', '/home', false],
    ['two segments', '/urnik/2025', false],
    ['a file', '/robots.txt', false],
  ])('%s: %s → %s', (_label, path, known) => {
    expect(isKnownPage(path, built)).toBe(known)
  })

  it('lists every route and the content pages, without the pattern or the home page', () => {
    const paths = knownPagePaths(built)
    expect(paths).toContain('/')
    expect(paths).toContain('/etab')
    expect(paths).toContain('/auth/login')
    expect(paths).toContain('/cenik')
    expect(paths).not.toContain('/home')
    expect(paths).not.toContain(CONTENT_PAGE_PATH.toLowerCase())
    expect(paths.every((path) => isKnownPage(path, built))).toBe(true)
  })
})

describe('the visit statistics', () => {
  // One list decides both: the page /analitika and the policy table's read of `analytics`
  // (docs/access-policy.md#visits).
  it.each(ROLES)('%s opens /analitika exactly when the policy lets them read visits', (role) => {
    const user = { username: `${role}@test`, roles: [role] }
    const reads = decide('analytics', 'aggregate', user).allowed
    expect(routeAccess(user, '/analitika') === 'allowed').toBe(reads)
  })

  it("is the admin's alone, and a visitor is sent to log in", () => {
    expect(
      ROLES.filter(
        (role) => decide('analytics', 'aggregate', { username: 'x', roles: [role] }).allowed,
      ),
    ).toEqual(['admin'])
    expect(routeAccess(null, '/analitika')).toBe('needsLogin')
  })
})
