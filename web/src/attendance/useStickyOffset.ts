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
    place()
    const observer = new ResizeObserver(place)
    observer.observe(bar)
    return () => observer.disconnect()
  }, [])
  return ref
}
