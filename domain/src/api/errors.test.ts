import { describe, expect, it } from 'vitest'
import { ERRORS, errorBody, errorMessage, errorPageMessage, errorStatus, isBot } from './errors'

describe('error catalogue', () => {
  it.each([
    ['pageNotFound', 404, { path: '/nope' }, 'Page not found: /nope'],
    ['routeValidation', 404, { path: '/urnik/x' }, 'Page Not Found: /urnik/x'],
    ['unknownRouteGuard', 500, { guard: 'isRich' }, 'Unknown route guard: isRich'],
    [
      'dbCallFailed',
      500,
      { collection: 'users', operation: 'find' },
      'Database call failed: users/find',
    ],
    ['userBlocked', 403, {}, 'User is blocked'],
    ['userNotFound', 404, { username: 'ana' }, 'User not found: ana'],
    ['invalidBody', 400, {}, 'Invalid request body'],
    ['unknownCollection', 404, { collection: 'x' }, 'Unknown collection: x'],
    ['unknownOperation', 404, { operation: 'drop' }, 'Unknown operation: drop'],
    ['forbiddenOperator', 400, { operator: '$where' }, 'Operator not allowed: $where'],
    ['notLoggedIn', 401, {}, 'Not logged in'],
    ['forbidden', 403, {}, 'Not allowed'],
    ['foreignOrigin', 403, {}, 'Requests from another site are not allowed'],
    ['duplicateKey', 409, {}, 'Record already exists'],
    ['rateLimited', 429, {}, 'Too many attempts, try again later'],
    ['internal', 500, {}, 'Internal Server Error'],
  ] as const)('%s: %i, %j', (code, status, params, en) => {
    expect(errorStatus(code)).toBe(status)
    expect(errorMessage(code, params).en).toBe(en)
    expect(errorMessage(code, params).sl).not.toMatch(/\{\w+\}/)
  })

  it('every entry has a status and both languages', () => {
    for (const entry of Object.values(ERRORS)) {
      expect(entry.status).toBeGreaterThanOrEqual(400)
      expect(entry.message.sl).not.toBe('')
      expect(entry.message.en).not.toBe('')
    }
  })

  it('an error body carries the code and the filled message', () => {
    expect(errorBody('unknownCollection', { collection: 'secrets' })).toEqual({
      error: {
        code: 'unknownCollection',
        message: { sl: 'Neznana zbirka: secrets', en: 'Unknown collection: secrets' },
      },
    })
  })
})

describe('errorPageMessage', () => {
  it.each([
    ['no status defaults to 500', undefined, 500, 'Internal Server Error'],
    ['null status defaults to 500', null, 500, 'Internal Server Error'],
    ['404', 404, 404, 'Page Not Found'],
    ['403 is internal', 403, 403, 'Internal Server Error'],
    ['503 keeps its status', 503, 503, 'Internal Server Error'],
  ])('%s', (_label, input, status, en) => {
    const page = errorPageMessage(input)
    expect(page.status).toBe(status)
    expect(page.message.en).toBe(en)
  })
})

describe('isBot', () => {
  it.each([
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
    ['Bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0)', true],
    ['Google inspection tool', 'Mozilla/5.0 (compatible; Google-InspectionTool/1.0)', true],
    [
      'Facebook link preview',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      true,
    ],
    [
      'Lighthouse',
      'Mozilla/5.0 (Linux; Android 11) Chrome/120 Mobile Safari/537.36 Chrome-Lighthouse',
      true,
    ],
    ['upper case', 'SOMEBOT/1.0', true],
    [
      'Chrome on desktop',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36',
      false,
    ],
    [
      'Safari on iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1',
      false,
    ],
    ['Facebook in-app browser is a person', 'Mozilla/5.0 (iPhone) [FBAN/FBIOS;FBAV/400.0]', false],
    ['empty', '', false],
    ['missing', undefined, false],
    ['null', null, false],
  ])('%s', (_label, agent, bot) => {
    expect(isBot(agent)).toBe(bot)
  })
})
