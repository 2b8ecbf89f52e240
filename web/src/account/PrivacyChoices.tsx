// What classmates see on /sosolci (docs/product-rules.md#classmates): the name always; the
// e-mail address and the phone only when the person turns them on here. Each switch is saved at
// once, so there is no form to forget to send.
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { OwnProfileAnswer } from '@lfit/domain/users/account'
import { phoneForPeople } from '@lfit/domain/users/phone'
import { useCallErrorText } from '../auth/messages'
import { accountApi } from './account-api'

type Choice = 'shareEmail' | 'sharePhone'

export function PrivacyChoices({
  profile,
  onSaved,
}: {
  profile: OwnProfileAnswer['profile']
  onSaved: (answer: OwnProfileAnswer) => void
}) {
  const { t } = useLingui()
  const errorText = useCallErrorText()
  const [busy, setBusy] = useState<Choice | null>(null)
  // The switch shows the choice at once; a refusal puts it back.
  const [pending, setPending] = useState<{ choice: Choice; on: boolean } | null>(null)
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)

  const choose = async (choice: Choice, on: boolean) => {
    setBusy(choice)
    setPending({ choice, on })
    setResult(null)
    try {
      onSaved(await accountApi.update({ [choice]: on }))
      setResult({
        ok: true,
        text: on
          ? t`Saved: your classmates see it now.`
          : t`Saved: your classmates no longer see it.`,
      })
    } catch (error) {
      setResult({ ok: false, text: errorText(error) })
    } finally {
      setBusy(null)
      setPending(null)
    }
  }

  const choices: { choice: Choice; label: string; detail: string | undefined }[] = [
    {
      choice: 'shareEmail',
      label: t`Show my e-mail address to my classmates`,
      detail: profile.email,
    },
    {
      choice: 'sharePhone',
      label: t`Show my phone number to my classmates`,
      detail: profile.phone ? phoneForPeople(profile.phone) : t`no phone number given`,
    },
  ]
  return (
    <div className="privacy-choices">
      <p className="muted">
        <Trans>Your classmates always see your name. Nothing else unless you choose it here.</Trans>
      </p>
      {choices.map(({ choice, label, detail }) => (
        <label key={choice} className="switch-row">
          <input
            type="checkbox"
            name={choice}
            checked={pending?.choice === choice ? pending.on : profile[choice]}
            disabled={busy !== null}
            onChange={(event) => void choose(choice, event.target.checked)}
          />
          <span>
            {label}
            <span className="muted switch-detail">{detail}</span>
          </span>
        </label>
      ))}
      {result && (
        <p className={result.ok ? 'alert alert-success' : 'alert'} role="status">
          {result.text}
        </p>
      )}
    </div>
  )
}
