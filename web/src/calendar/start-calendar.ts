// The calendar of the first screen, taken before it renders (docs/0049-devices-follow-the-calendar.md):
// a device that had a user takes the one its database holds (and follows that database); any
// device also asks the server, since the device may be behind and a visitor holds none. The first
// screen waits for the server's answer only when the device held no calendar, and not longer than
// FIRST_SCREEN_WAIT_MS: offline with nothing kept it shows the calendar built into the app, and
// the answer, when it comes, replaces it. A device that held one asks once its first screen is
// shown (`asked`), so the question takes nothing from that screen (docs/0056).

export const FIRST_SCREEN_WAIT_MS = 2_500

const waitAtMost = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export async function startCalendar(
  deviceHadUser: boolean,
  asked: Promise<void> = Promise.resolve(),
): Promise<void> {
  // Only a device that had a user has a database to read: a visitor's start loads none of it.
  const held = deviceHadUser
    ? await import('./device-calendar').then((device) => device.takeDeviceCalendar())
    : false
  const fromServer = () => import('./server-calendar').then((server) => server.takeServerCalendar())
  if (held) {
    void asked.then(fromServer)
    return
  }
  await Promise.race([fromServer(), waitAtMost(FIRST_SCREEN_WAIT_MS)])
}
