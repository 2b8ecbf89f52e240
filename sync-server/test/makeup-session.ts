// The make-up session the make-up tests create (an educator's session on Saturday 5 December
// 2026 in the studio), each test changing only what its case is about.
export const MAKEUP_SESSION = {
  _id: 'm-2026-12-05',
  dayStr: '2026-12-05',
  fromHour: '10:00',
  toHour: '13:00',
  place: 'Studio Gibanje, Ljubljana',
  capacity: 10,
  covers: { segments: [11], days: [] as string[] },
  educator: 'educator@test.lfit',
  note: '',
  scheduleDays: [] as string[],
}
