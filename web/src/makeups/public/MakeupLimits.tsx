// The limits and the cancellation deadline the policy refers to. Someone signed in reads those
// in force from the make-up book (loaded with the device's offline data, only for them); a
// visitor is told the programme's defaults, which the programme's settings may change.
import { lazy, Suspense } from 'react'
import { Trans } from '@lingui/react/macro'
import { DEFAULT_THRESHOLDS } from '@lfit/domain/makeups/thresholds'
import { DEFAULT_CANCEL_HOURS } from '@lfit/domain/makeups/signups'

const BookLimits = lazy(() => import('./BookLimits'))

export function MakeupLimits({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="makeup-limits card" aria-labelledby="makeup-limits-title">
      <h2 id="makeup-limits-title">
        <Trans>The limits</Trans>
      </h2>
      {signedIn ? (
        <Suspense fallback={<DefaultLimits />}>
          <BookLimits fallback={<DefaultLimits />} />
        </Suspense>
      ) : (
        <DefaultLimits />
      )}
    </section>
  )
}

function DefaultLimits() {
  const { perYear, overall } = DEFAULT_THRESHOLDS
  const hours = DEFAULT_CANCEL_HOURS
  return (
    <>
      <p>
        <Trans>
          By default a trainee may miss at most {perYear} study days in one programme year and at
          most {overall} over the whole programme; the programme&apos;s settings may set other
          limits. Sign in to see the limits in force.
        </Trans>
      </p>
      <p>
        <Trans>
          By default a sign-up can be cancelled up to {hours} hours before the session starts.
        </Trans>
      </p>
    </>
  )
}
