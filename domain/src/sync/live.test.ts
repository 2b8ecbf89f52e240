import { describe, expect, it } from 'vitest'
import { encodeLiveMessage, LIVE_MAX_MESSAGE_BYTES, parseLiveMessage } from './live'

describe('live messages', () => {
  it.each([
    ['a poke', '{"v":1,"type":"poke","cursor":"e:12"}', { v: 1, type: 'poke', cursor: 'e:12' }],
    ['a ping', '{"v":1,"type":"ping","t":5}', { v: 1, type: 'ping', t: 5 }],
    ['a pong', '{"v":1,"type":"pong","t":5}', { v: 1, type: 'pong', t: 5 }],
    ['another version', '{"v":2,"type":"poke","cursor":"e:1"}', null],
    ['an unknown type', '{"v":1,"type":"data","cursor":"e:1"}', null],
    ['a poke without cursor', '{"v":1,"type":"poke"}', null],
    ['an empty cursor', '{"v":1,"type":"poke","cursor":""}', null],
    ['a ping without time', '{"v":1,"type":"ping"}', null],
    ['not JSON', 'poke', null],
    ['JSON that is no object', '[1]', null],
    [
      'an oversized frame',
      `{"v":1,"type":"ping","t":1,"x":"${'a'.repeat(LIVE_MAX_MESSAGE_BYTES)}"}`,
      null,
    ],
  ])('%s', (_, text, expected) => {
    expect(parseLiveMessage(text)).toEqual(expected)
  })

  it('reads what it writes', () => {
    const poke = { v: 1, type: 'poke', cursor: 'epoch:3' } as const
    expect(parseLiveMessage(encodeLiveMessage(poke))).toEqual(poke)
  })
})
