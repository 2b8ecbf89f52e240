import { describe, expect, it } from 'vitest'
import { cropInPixels, cropWithin, isWholePhoto, turned } from './crop'
import { cropRequestSchema } from './wire'

describe('a crop in pixels', () => {
  it.each([
    ['the whole photo', { x: 0, y: 0, width: 1, height: 1 }, 400, 300, [0, 0, 400, 300]],
    ['the right half', { x: 0.5, y: 0, width: 0.5, height: 1 }, 400, 300, [200, 0, 200, 300]],
    [
      'a centre square',
      { x: 0.25, y: 0.1, width: 0.5, height: 0.8 },
      400,
      300,
      [100, 30, 200, 240],
    ],
    ['past the right edge', { x: 0.9, y: 0, width: 0.5, height: 1 }, 400, 300, [360, 0, 40, 300]],
    [
      'a sliver at the very edge',
      { x: 1, y: 1, width: 0.0001, height: 0.0001 },
      400,
      300,
      [399, 299, 1, 1],
    ],
    ['a tiny area', { x: 0.5, y: 0.5, width: 0.000001, height: 0.000001 }, 3, 3, [1, 1, 1, 1]],
  ] as const)('%s', (_case, crop, width, height, [left, top, w, h]) => {
    const area = cropInPixels(crop, width, height)
    expect(area).toEqual({ left, top, width: w, height: h })
    expect(area.left + area.width).toBeLessThanOrEqual(width)
    expect(area.top + area.height).toBeLessThanOrEqual(height)
  })
})

describe('a crop request', () => {
  it.each([
    ['no crop', { crop: null }, true],
    ['a crop inside', { crop: { x: 0.1, y: 0.1, width: 0.5, height: 0.5 } }, true],
    ['huge numbers', { crop: { x: 1e308, y: 0, width: 1e308, height: 1 } }, false],
    ['negative', { crop: { x: -0.1, y: 0, width: 0.5, height: 0.5 } }, false],
    ['zero width', { crop: { x: 0, y: 0, width: 0, height: 0.5 } }, false],
    ['not numbers', { crop: { x: '0', y: 0, width: 1, height: 1 } }, false],
    ['infinite', { crop: { x: 0, y: 0, width: Infinity, height: 1 } }, false],
    ['missing', {}, false],
  ])('%s: accepted %s', (_case, body, ok) => {
    expect(cropRequestSchema.safeParse(body).success).toBe(ok)
  })
})

describe('turning', () => {
  it.each([
    [0, 'right', 1],
    [1, 'right', 2],
    [3, 'right', 0],
    [0, 'left', 3],
    [2, 'left', 1],
  ] as const)('%i turned %s is %i', (from, turn, to) => {
    expect(turned(from, turn)).toBe(to)
  })

  it('takes a crop of almost everything for no crop', () => {
    expect(isWholePhoto({ x: 0, y: 0, width: 1, height: 1 })).toBe(true)
    expect(isWholePhoto({ x: 0.0005, y: 0, width: 0.9995, height: 1 })).toBe(true)
    expect(isWholePhoto({ x: 0.1, y: 0, width: 0.9, height: 1 })).toBe(false)
  })
})

describe('a crop of a cropped photo', () => {
  it.each([
    [
      'no earlier crop',
      null,
      { x: 0.1, y: 0.2, width: 0.5, height: 0.5 },
      { x: 0.1, y: 0.2, width: 0.5, height: 0.5 },
    ],
    [
      'the right half of the right half',
      { x: 0.5, y: 0, width: 0.5, height: 1 },
      { x: 0.5, y: 0, width: 0.5, height: 1 },
      { x: 0.75, y: 0, width: 0.25, height: 1 },
    ],
    [
      'the whole of a centre crop',
      { x: 0.25, y: 0.25, width: 0.5, height: 0.5 },
      { x: 0, y: 0, width: 1, height: 1 },
      { x: 0.25, y: 0.25, width: 0.5, height: 0.5 },
    ],
    [
      'the centre of a centre crop',
      { x: 0.2, y: 0.2, width: 0.6, height: 0.6 },
      { x: 0.25, y: 0.25, width: 0.5, height: 0.5 },
      { x: 0.35, y: 0.35, width: 0.3, height: 0.3 },
    ],
    [
      'a tool that strays past the edges',
      null,
      { x: -0.01, y: 0, width: 1.02, height: 1 },
      { x: 0, y: 0, width: 1, height: 1 },
    ],
  ] as const)('%s', (_case, outer, inner, expected) => {
    const combined = cropWithin(outer, inner)
    for (const key of ['x', 'y', 'width', 'height'] as const) {
      expect(combined[key]).toBeCloseTo(expected[key], 9)
    }
  })
})
