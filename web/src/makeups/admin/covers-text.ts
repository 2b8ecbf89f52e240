// What a session covers, in words: "Segment 12; mon., 12. 10. 2026".
import { useLingui } from '@lingui/react/macro'
import type { MakeupSession } from '@lfit/domain/makeups/sessions'
import { schedule } from '@lfit/domain/schedule'
import { formatDay } from '../../i18n/date-format'

export function useCoversText(): (session: Pick<MakeupSession, 'covers'>) => string {
  const { t, i18n } = useLingui()
  return (session) =>
    [
      ...session.covers.segments.map((segment) => t`Segment ${segment}`),
      ...session.covers.days.map((id) => {
        const day = schedule().dayById.get(id)
        return day ? formatDay(i18n.locale, day.dayStr) : id
      }),
    ].join('; ')
}
