// The hint under a new password (registration and change): how many characters the rule still
// wants, then how hard the password is to guess. The estimator loads on demand (password-strength.ts).
import { useEffect, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { isLongEnough, MIN_PASSWORD_LENGTH } from '@lfit/domain/users/password'
import type { Strength } from './password-strength'

interface Props {
  password: string
  /** Words of the person's own (name, e-mail): a password made of them is weak. */
  userInputs: readonly string[]
}

export function PasswordStrength({ password, userInputs }: Props) {
  const { t } = useLingui()
  const [estimate, setEstimate] = useState<{ password: string; strength: Strength } | null>(null)
  const inputs = userInputs.join('\n')

  useEffect(() => {
    if (!isLongEnough(password)) return
    let current = true
    import('./password-strength')
      .then(({ strengthOf }) => {
        if (current) setEstimate({ password, strength: strengthOf(password, inputs.split('\n')) })
      })
      // Without the estimate the hint still gives the length rule, which is what the server checks.
      .catch(() => undefined)
    return () => {
      current = false
    }
  }, [password, inputs])

  const length = [...password].length
  const strength = estimate?.password === password ? estimate.strength : null
  const text = !isLongEnough(password)
    ? length === 0
      ? t`At least ${MIN_PASSWORD_LENGTH} characters. A few words only you would put together make a strong password.`
      : t`${length} of at least ${MIN_PASSWORD_LENGTH} characters.`
    : strength === null
      ? t`Long enough.`
      : strength <= 1
        ? t`Strength: weak. It is easy to guess; make it longer or add an unusual word.`
        : strength === 2
          ? t`Strength: fair. A few more characters would make it much harder to guess.`
          : strength === 3
            ? t`Strength: good.`
            : t`Strength: strong.`
  return (
    <span
      className="password-strength"
      data-strength={strength ?? undefined}
      aria-live="polite"
      data-testid="password-strength"
    >
      {text}
    </span>
  )
}
