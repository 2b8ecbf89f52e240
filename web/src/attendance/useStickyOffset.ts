// Where the tablet's sticky day picker stops: right under the app bar, which is sticky too and
// whose height depends on the screen width and the language (it may wrap). Measured, not
// guessed, so the picker is never hidden under it.
import { useEffect, useRef } from 'react'

export function useStickyOffset<E extends HTMLElement>() {
  const ref = useRef<E>(null)
  useEffect(() => {
    const bar = document.querySelector<HTMLElement>('.app-bar')
    const target = ref.current
    if (!bar || !target) return
    const place = () => target.style.setProperty('--app-bar-height', `${bar.offsetHeight}px`)
    // Placed by the observer's first call, which comes with the next layout, before that frame is
    // painted: read here, the height would force a layout of the whole screen inside its first
    // render's task (the tablet's cold start, docs/0057).
    const observer = new ResizeObserver(place)
    observer.observe(bar)
    return () => observer.disconnect()
  }, [])
  return ref
}
