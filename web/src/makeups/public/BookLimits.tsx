// The limits in force, from the signed-in person's make-up book (the last one this device
// fetched, so also offline); `fallback` until the first book is there.
import type { ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import type { Thresholds } from '@lfit/domain/makeups/thresholds'
import { useMakeupBook } from '../book/use-makeup-book'

export default function BookLimits({ fallback }: { fallback: ReactNode }) {
  const book = useMakeupBook()
  if (!book) return <>{fallback}</>
  return <LimitsInForce thresholds={book.thresholds} cancelHours={book.cancelHours} />
}

function LimitsInForce({
  thresholds,
  cancelHours,
}: {
  thresholds: Thresholds
  cancelHours: number
}) {
  const { perYear, overall } = thresholds
  return (
    <>
      <p data-limits={`${perYear}/${overall}`}>
        <Trans>
          A trainee may miss at most {perYear} study days in one programme year and at most{' '}
          {overall} over the whole programme.
        </Trans>
      </p>
      <p>
        <Trans>
          A sign-up can be cancelled up to {cancelHours} hours before the session starts.
        </Trans>
      </p>
    </>
  )
}
