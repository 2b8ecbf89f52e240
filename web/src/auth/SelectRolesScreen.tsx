// /auth/selectMyRoles (admin): act with fewer of one's own roles, to see the app as those roles
// see it. "Restore all roles" (here or in the user menu) ends it.
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { actWithRoles, useSession } from '../session/session'
import { CheckboxGroup } from '../ui/fields'
import { useCallErrorText } from './messages'
import { roleName, roleNames } from './role-names'
import './auth.css'

export default function SelectRolesScreen() {
  const { t, i18n } = useLingui()
  const errorText = useCallErrorText()
  const { user } = useSession()
  const own = user?.allRoles ?? user?.roles ?? []
  const [chosen, setChosen] = useState<string[]>(user?.roles ?? [])
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  const [busy, setBusy] = useState(false)

  const apply = async (roles: string[]) => {
    setBusy(true)
    try {
      await actWithRoles(roles)
      setMessage({
        ok: true,
        text: t`You now act with the roles: ${roleNames(i18n, roles.length > 0 ? roles : own)}`,
      })
    } catch (error) {
      setMessage({ ok: false, text: errorText(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="auth-screen">
      <h1>
        <Trans>Act with roles</Trans>
      </h1>
      <p>
        <Trans>Choose which of your roles to act with, to see the app as those users see it.</Trans>
      </p>
      <div className="card form">
        <CheckboxGroup
          label={t`Roles`}
          values={chosen}
          options={own.map((role) => ({ value: role, label: roleName(i18n, role) }))}
          onChange={setChosen}
        />
        {message && (
          <p className={message.ok ? 'alert alert-success' : 'alert'} role="status">
            {message.text}
          </p>
        )}
        <p className="btn-row">
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || chosen.length === 0}
            onClick={() => void apply(chosen)}
          >
            <Trans>Act with these roles</Trans>
          </button>
          <button type="button" className="btn" disabled={busy} onClick={() => void apply([])}>
            <Trans>Restore all roles</Trans>
          </button>
        </p>
      </div>
    </section>
  )
}
