// Which make-up session /ETAB opens when the editor leaves the study days.
import { bySessionTime, type MakeupSession } from '@lfit/domain/makeups/sessions'

/** The session a tablet opens first: today's, else the next one, else the last one held. */
export function defaultSession(
  sessions: readonly MakeupSession[],
  today: string,
): MakeupSession | undefined {
  const open = sessions.filter((s) => !s.cancelled).toSorted(bySessionTime)
  return open.find((s) => s.dayStr >= today) ?? open.at(-1)
}
