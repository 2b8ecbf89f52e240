// "1 free place", "3 free places": one message for the public list and the sign-up screen.
import { Plural } from '@lingui/react/macro'

export function FreePlaces({ free }: { free: number }) {
  return <Plural value={free} one="# free place" other="# free places" />
}
