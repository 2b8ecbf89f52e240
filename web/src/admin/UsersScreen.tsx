// /auth/users (admin): the users sorted by username with first and last name, username, roles
// and projects, a page at a time, searched and filtered by role and status on the server, and
// exported whole (UserListControls.tsx); create (the generated password is shown once), edit, block or unblock,
// reset the password, delete with confirmation.
import { useState } from 'react'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { PublicUser } from '@lfit/domain/users/user'
import type { AdminUserForm } from '@lfit/domain/users/validation'
import { useScreenRead } from '../app/screen-reads'
import { roleNames } from '../auth/role-names'
import { useCallErrorText } from '../auth/messages'
import { switchActing, useSession } from '../session/session'
import { DeleteButton, ConfirmButton, CopyToClipboard } from '../ui/buttons'
import { Dialog } from '../ui/Dialog'
import { useReadAgain } from '../ui/ServerRead'
import { useSnackbar } from '../ui/Snackbar'
import { UserEditor } from './UserEditor'
import { educatorChoices } from './user-list'
import { UserListFilters, UserListPages } from './UserListControls'
import { deleteUser, insertUser, newPassword, saveUser } from './users-api'
import './users.css'

export default function UsersScreen() {
  const { t, i18n } = useLingui()
  const snackbar = useSnackbar()
  const { user: me } = useSession()
  // The router reads the users (web/src/app/screen-reads.ts), and again after each change.
  const {
    users,
    total,
    filter,
    educators: educatorUsers,
    editing: read,
  } = useScreenRead('/auth/users')
  const navigate = useNavigate()
  // A user's editor is in the address (?uredi=, their id), so the router reads their enrolments
  // with the users; it closes as soon as the address says so. A new user's is this screen's.
  const { uredi } = useSearch({ strict: false }) as { uredi?: unknown }
  const editing = read && read.user._id === uredi ? read : null
  const [creating, setCreating] = useState(false)
  // The editor's address keeps the list's page and filters, so closing it returns to them.
  const edit = (user: PublicUser) =>
    void navigate({
      to: '/auth/users',
      search: (previous: Record<string, unknown>) => ({ ...previous, uredi: user._id }),
      replace: true,
    })
  const close = () => {
    setCreating(false)
    if (uredi !== undefined) {
      void navigate({
        to: '/auth/users',
        search: ({ uredi: _closed, ...previous }: Record<string, unknown>) => previous,
        replace: true,
      })
    }
  }
  const [shownPassword, setShownPassword] = useState<{ username: string; password: string } | null>(
    null,
  )

  const reload = useReadAgain()
  const errorText = useCallErrorText()

  // Acting as another user (docs/0045): never as an admin or a blocked account, as the server
  // decides too; the app opens at the user's first page, with their data.
  const mayActAs = (user: PublicUser) =>
    user.status !== 'blocked' && !user.roles.includes('admin') && user.username !== me?.username
  const startActing = async (user: PublicUser) => {
    try {
      await switchActing('actAs', user.username, () => navigate({ to: '/' }))
    } catch (error) {
      snackbar.show(errorText(error))
    }
  }

  const educators = educatorChoices(educatorUsers)

  const save = async (form: AdminUserForm, password: string | null) => {
    const ok = editing
      ? await saveUser(editing.user._id, form)
      : await insertUser(form, password ?? '')
    if (!ok) return false
    snackbar.show(t`Saved ${form.username}`)
    if (password) setShownPassword({ username: form.username, password })
    // A user's editor closes by the address, which reads the users again.
    if (!editing) await reload()
    return true
  }

  const setStatus = async (user: PublicUser, status: 'active' | 'blocked') => {
    if (await saveUser(user._id, { status })) {
      snackbar.show(
        status === 'blocked' ? t`${user.username} is blocked` : t`${user.username} is active again`,
      )
      await reload()
    }
  }

  const resetPassword = async (user: PublicUser) => {
    const password = newPassword()
    if (await saveUser(user._id, { password }))
      setShownPassword({ username: user.username, password })
  }

  const remove = async (user: PublicUser) => {
    if (await deleteUser(user._id)) {
      snackbar.show(t`${user.username} is deleted`)
      await reload()
    }
  }

  return (
    <section className="users-screen">
      <h1>
        <Trans>Users</Trans>
      </h1>
      <UserListFilters filter={filter} onNew={() => setCreating(true)} />
      <UserListPages filter={filter} total={total} users={users} />
      <div className="table-wrap">
        <table className="data users-table">
          <thead>
            <tr>
              <th scope="col">{t`First name`}</th>
              <th scope="col">{t`Last name`}</th>
              <th scope="col">{t`Username`}</th>
              <th scope="col">{t`Roles`}</th>
              <th scope="col">{t`Year`}</th>
              <th scope="col">{t`Projects`}</th>
              <th scope="col">{t`Actions`}</th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user._id} data-username={user.username} data-status={user.status}>
                <td data-label={t`First name`}>{user.firstName}</td>
                <td data-label={t`Last name`}>{user.lastName}</td>
                <td data-label={t`Username`}>
                  {user.username}
                  {user.status === 'blocked' && (
                    <span className="badge badge-blocked">
                      <Trans>blocked</Trans>
                    </span>
                  )}
                </td>
                <td data-label={t`Roles`}>{roleNames(i18n, user.roles)}</td>
                <td data-label={t`Year`} data-year={user.year ?? ''}>
                  {user.year ?? ''}
                </td>
                <td data-label={t`Projects`}>{(user.projects ?? []).join(', ')}</td>
                <td className="users-actions">
                  <button type="button" className="btn btn-small" onClick={() => edit(user)}>
                    <Trans>Edit</Trans>
                  </button>
                  {user.status === 'blocked' ? (
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => void setStatus(user, 'active')}
                    >
                      <Trans>Unblock</Trans>
                    </button>
                  ) : (
                    <ConfirmButton
                      className="btn btn-small"
                      question={t`Block ${user.username}? They are logged out and cannot log in.`}
                      confirmLabel={t({ message: 'Block', context: 'block a user' })}
                      disabled={user.username === me?.username}
                      onConfirm={() => setStatus(user, 'blocked')}
                    >
                      <Trans context="block a user">Block</Trans>
                    </ConfirmButton>
                  )}
                  <ConfirmButton
                    className="btn btn-small"
                    question={t`Give ${user.username} a new generated password?`}
                    onConfirm={() => resetPassword(user)}
                  >
                    <Trans>New password</Trans>
                  </ConfirmButton>
                  {mayActAs(user) && (
                    <button
                      type="button"
                      className="btn btn-small"
                      aria-label={t`Act as ${user.username}`}
                      onClick={() => void startActing(user)}
                    >
                      <Trans>Act as</Trans>
                    </button>
                  )}
                  {user.username !== me?.username && (
                    <DeleteButton
                      small
                      question={t`Delete the user ${user.username}? This cannot be undone.`}
                      onDelete={() => remove(user)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {(editing || creating) && (
        <UserEditor
          key={editing?.user._id ?? 'new'}
          user={editing?.user}
          enrolments={editing?.enrolments ?? null}
          educators={educators}
          onSave={save}
          onClose={close}
        />
      )}
      <Dialog
        open={shownPassword !== null}
        title={t`Password of ${shownPassword?.username ?? ''}`}
        onClose={() => setShownPassword(null)}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setShownPassword(null)}>
            <Trans>Done</Trans>
          </button>
        }
      >
        <p>
          <Trans>Give this password to the user now. It is not shown again.</Trans>
        </p>
        <p className="shown-password">
          <code data-testid="shown-password">{shownPassword?.password}</code>{' '}
          {shownPassword && <CopyToClipboard text={shownPassword.password} />}
        </p>
      </Dialog>
    </section>
  )
}
