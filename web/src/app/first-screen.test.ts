// What waits for the first screen (the first sync, the session check) starts once the screens
// holding it have painted their content, and not later than CONTENT_WAIT_MS (docs/0057). Each case
// starts from a fresh start (the module's state is the start's); frames are the fake timers'.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type * as FirstScreenModule from './first-screen'

type FirstScreen = typeof FirstScreenModule

async function freshStart(): Promise<FirstScreen> {
  vi.resetModules()
  return import('./first-screen')
}

/** Whether the later work has started, after the timers up to now have run. */
async function started(start: FirstScreen): Promise<boolean> {
  let begun = false
  void start.afterFirstScreen().then(() => (begun = true))
  await vi.advanceTimersByTimeAsync(0)
  return begun
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.stubGlobal('requestAnimationFrame', (frame: () => void) => setTimeout(frame, 16))
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('the start’s later work', () => {
  it('starts at once when no screen holds it (a screen whose first render is its content)', async () => {
    const start = await freshStart()
    void start.markFirstScreenShown()
    expect(await started(start)).toBe(true)
  })

  it('waits for the last holding screen, then for the frame that paints it', async () => {
    const start = await freshStart()
    const roster = start.holdFirstScreen()
    const book = start.holdFirstScreen()
    void start.markFirstScreenShown()
    await vi.advanceTimersByTimeAsync(200)
    expect(await started(start)).toBe(false)
    roster()
    await vi.advanceTimersByTimeAsync(50)
    expect(await started(start)).toBe(false)
    book()
    expect(await started(start)).toBe(false)
    await vi.advanceTimersByTimeAsync(17)
    expect(await started(start)).toBe(true)
  })

  it('starts after CONTENT_WAIT_MS when a screen’s reads never end', async () => {
    const start = await freshStart()
    start.holdFirstScreen()
    void start.markFirstScreenShown()
    await vi.advanceTimersByTimeAsync(start.CONTENT_WAIT_MS - 1)
    expect(await started(start)).toBe(false)
    await vi.advanceTimersByTimeAsync(1 + 17)
    expect(await started(start)).toBe(true)
  })

  it('is not held by a screen opened once it has started', async () => {
    const start = await freshStart()
    void start.markFirstScreenShown()
    expect(await started(start)).toBe(true)
    const release = start.holdFirstScreen()
    release()
    release()
    expect(await started(start)).toBe(true)
  })
})
