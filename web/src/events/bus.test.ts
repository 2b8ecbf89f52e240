import { describe, expect, it } from 'vitest'
import { createEventBus, RECENT_EVENTS, type AppEvent } from './bus'

describe('the app event bus', () => {
  it('stamps events and tells every subscriber until it unsubscribes', () => {
    let now = 10
    const bus = createEventBus(() => now)
    const seen: AppEvent[] = []
    const unsubscribe = bus.subscribe((event) => seen.push(event))
    bus.emit('sync', { state: 'syncing' })
    now = 20
    unsubscribe()
    bus.emit('live', { state: 'open' })
    expect(seen).toEqual([{ kind: 'sync', at: 10, detail: { state: 'syncing' } }])
    expect(bus.recent().map((event) => event.at)).toEqual([10, 20])
  })

  it(`keeps the last ${RECENT_EVENTS} events, in a new array after each emit`, () => {
    const bus = createEventBus(() => 0)
    for (let i = 0; i < RECENT_EVENTS + 5; i++) bus.emit('update', { state: 'checked' })
    const before = bus.recent()
    expect(before).toHaveLength(RECENT_EVENTS)
    bus.emit('session', { state: 'signedOut', roles: [] })
    expect(bus.recent()).not.toBe(before)
    expect(bus.recent().at(-1)?.kind).toBe('session')
  })

  it('a failing listener keeps the event from no other listener', () => {
    const bus = createEventBus(() => 0)
    const seen: string[] = []
    bus.subscribe(() => {
      throw new Error('broken screen')
    })
    bus.subscribe((event) => seen.push(event.kind))
    const warn = console.warn
    console.warn = () => undefined
    try {
      bus.emit('update', { state: 'failed' })
    } finally {
      console.warn = warn
    }
    expect(seen).toEqual(['update'])
  })
})
