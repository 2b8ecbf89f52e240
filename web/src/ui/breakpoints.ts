// The toolkit's breakpoints (docs/product-rules.md#constants), the same as in theme.css, for code that needs them.
import { useSyncExternalStore } from 'react'

export const BREAKPOINTS = { sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const
export type Breakpoint = 'xs' | keyof typeof BREAKPOINTS

export function breakpointOf(width: number): Breakpoint {
  let found: Breakpoint = 'xs'
  for (const [name, min] of Object.entries(BREAKPOINTS)) {
    if (width >= min) found = name as Breakpoint
  }
  return found
}

const subscribe = (listener: () => void) => {
  window.addEventListener('resize', listener)
  return () => window.removeEventListener('resize', listener)
}

/** True when the window is at least `min` pixels wide; follows resizing. */
export function useMinWidth(min: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth >= min,
    () => false,
  )
}
