// The marks' names and one-letter abbreviations in the UI's language: one source for the tablet's
// rows and the block grid (the names are the sync notices' own, see notice-words.ts).
import { useLingui } from '@lingui/react/macro'
import { ATTENDANCE_MARKS, type AttendanceMark } from '@lfit/domain/records/attendance'
import { markWords } from '../offline/notice-words'

export function useMarkWords() {
  const { t, i18n } = useLingui()
  const names = Object.fromEntries(
    ATTENDANCE_MARKS.map((mark) => [mark, markWords(i18n, mark)]),
  ) as Record<AttendanceMark, string>
  const letters: Record<AttendanceMark, string> = {
    present: t({ message: 'P', context: 'attendance grid letter for Present' }),
    absent: t({ message: 'A', context: 'attendance grid letter for Absent' }),
    late: t({ message: 'L', context: 'attendance grid letter for Late' }),
    excused: t({ message: 'E', context: 'attendance grid letter for Excused' }),
  }
  return { names, letters }
}
