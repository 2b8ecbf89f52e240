import { describe, expect, it } from 'vitest'
import { BREAKPOINTS, breakpointOf } from './breakpoints'

describe('breakpoints', () => {
  it("are the product's breakpoints", () => {
    expect(Object.values(BREAKPOINTS)).toEqual([600, 960, 1280, 1920, 2560])
  })

  it.each([
    [390, 'xs'],
    [599, 'xs'],
    [600, 'sm'],
    [1024, 'md'],
    [1280, 'lg'],
    [1920, 'xl'],
    [3000, 'xxl'],
  ])('%i px is %s', (width, name) => {
    expect(breakpointOf(width)).toBe(name)
  })
})
