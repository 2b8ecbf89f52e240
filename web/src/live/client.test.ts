import { describe, expect, it } from 'vitest'
import { reconnectDelay } from './client'

describe('reconnecting the live socket', () => {
  it.each([
    [1, 0, 1_000],
    [2, 0, 2_000],
    [3, 0, 4_000],
    [7, 0, 60_000],
    [30, 0, 60_000],
    [1, 1, 1_250],
    [30, 1, 75_000],
  ])('attempt %i with jitter %f waits %i ms', (failures, jitter, expected) => {
    expect(reconnectDelay(failures, () => jitter)).toBe(expected)
  })
})
