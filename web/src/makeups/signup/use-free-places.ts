// Free places per upcoming session, from the public list (a signed-in person also gets the full
// ones). Offline the screen goes on without them: the server decides the place anyway.
import { useEffect, useState } from 'react'
import { loadUpcoming } from '../public/upcoming'

/** Free places by session id; undefined until known. `version` reloads them (after a decision). */
export function useFreePlaces(version: unknown): Map<string, number> | undefined {
  const [free, setFree] = useState<Map<string, number> | undefined>(undefined)
  useEffect(() => {
    let live = true
    loadUpcoming(true).then(
      (sessions) => live && setFree(new Map(sessions.map((s) => [s._id, s.free]))),
      // Offline or refused: the last known numbers stay, or none.
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [version])
  return free
}
