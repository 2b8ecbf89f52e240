// The admin's user form (docs/product-rules.md#users): username and status required, e-mail and phone checked when
// given, roles, showOnlyEducators and projects as multi-selects, a participant's programme year
// (saving it enrols them in that year, docs/product-rules.md#enrolment); a new user gets a generated 12-character password.
// At least 800 px wide where the screen allows.
import { useMemo, useState, type FormEvent } from 'react'
import { useLingui } from '@lingui/react/macro'
import { ROLES } from '@lfit/domain/access/roles'
import { YEARS } from '@lfit/domain/schedule/programme'
import { countryOptions } from '@lfit/domain/users/countries'
import type { Enrolment } from '@lfit/domain/people/enrolment'
import { PROJECTS, USER_STATUSES, type PublicUser } from '@lfit/domain/users/user'
import { adminUserSchema, fieldErrors, type AdminUserForm } from '@lfit/domain/users/validation'
import { useBilingual } from '../auth/messages'
import { roleName } from '../auth/role-names'
import { Dialog } from '../ui/Dialog'
import { CheckboxGroup, formFields, SelectField, TextField, type Option } from '../ui/fields'
import type { Settled } from '../app/screen-reads'
import { UserEnrolments } from './UserEnrolments'
import { newPassword } from './users-api'

type TextKey =
  'username' | 'accname' | 'firstName' | 'lastName' | 'email' | 'phone' | 'country' | 'status'

interface Draft extends Record<TextKey, string> {
  password: string
  /** The programme year as the select holds it; '' for none. */
  year: string
  roles: string[]
  showOnlyEducators: string[]
  projects: string[]
}

function draftOf(user: PublicUser | undefined): Draft {
  return {
    username: user?.username ?? '',
    accname: user?.accname ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    country: user?.country ?? '',
    status: user?.status ?? 'active',
    password: user ? '' : newPassword(),
    year: user?.year === undefined ? '' : String(user.year),
    roles: [...(user?.roles ?? [])],
    showOnlyEducators: [...(user?.showOnlyEducators ?? [])],
    projects: [...(user?.projects ?? [])],
  }
}

export function UserEditor({
  user,
  enrolments,
  educators,
  onSave,
  onClose,
}: {
  /** The user to edit; none to create one. */
  user: PublicUser | undefined
  /** The user's enrolments, read when the editor opened; none for a new user. */
  enrolments: Settled<Enrolment[]> | null
  educators: Option[]
  /** Saves; resolves true when it worked. A new user's password comes along. */
  onSave: (form: AdminUserForm, password: string | null) => Promise<boolean>
  onClose: () => void
}) {
  const { t, i18n } = useLingui()
  const bilingual = useBilingual()
  const [draft, setDraft] = useState(() => draftOf(user))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const lang = i18n.locale === 'sl' ? 'sl' : 'en'
  const countries = useMemo(
    () => countryOptions(lang).map((c) => ({ value: c.code, label: c.name })),
    [lang],
  )
  const statusLabels: Record<string, string> = { active: t`Active`, blocked: t`Blocked` }

  const { text } = formFields(draft, setDraft, errors, bilingual)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const { password, ...fields } = draft
    const parsed = adminUserSchema.safeParse(user ? fields : { ...fields, password })
    setErrors(fieldErrors(parsed))
    if (!parsed.success) return
    const { password: _ignored, ...form } = parsed.data
    setBusy(true)
    try {
      if (await onSave(form, user ? null : password)) onClose()
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      open
      className="user-editor"
      title={user ? t`Edit user ${user.username}` : t`New user`}
      onClose={onClose}
    >
      <form className="user-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="user-form-grid">
          <TextField label={t`Username`} autoComplete="off" {...text('username')} />
          <TextField label={t`Friendly name`} {...text('accname')} />
          <TextField label={t`First name`} {...text('firstName')} />
          <TextField label={t`Last name`} {...text('lastName')} />
          <TextField label={t`E-mail`} type="email" {...text('email')} />
          <TextField label={t`Phone`} type="tel" {...text('phone')} />
          <SelectField
            label={t`Country`}
            value={draft.country}
            options={countries}
            placeholder={t`No country`}
            error={bilingual(errors.country)}
            onChange={(country) => setDraft({ ...draft, country })}
          />
          <SelectField
            label={t`Status`}
            name="status"
            value={draft.status}
            options={USER_STATUSES.map((s) => ({ value: s, label: statusLabels[s] ?? s }))}
            error={bilingual(errors.status)}
            onChange={(status) => setDraft({ ...draft, status })}
          />
          <SelectField
            label={t`Programme year`}
            name="year"
            value={draft.year}
            options={YEARS.map((y) => ({ value: String(y), label: t`Year ${y}` }))}
            placeholder={t`No year`}
            help={t`A participant saved with a year is enrolled in it (accepted, with the first project ticked below) and listed in the attendance book of that year.`}
            error={bilingual(errors.year)}
            onChange={(year) => setDraft({ ...draft, year })}
          />
          {!user && (
            <TextField
              label={t`Initial password`}
              name="password"
              autoComplete="off"
              spellCheck={false}
              value={draft.password}
              help={t`Generated; shown once more after saving.`}
              onChange={(event) => setDraft({ ...draft, password: event.target.value })}
            />
          )}
          {!user && (
            <p className="user-form-generate">
              <button
                type="button"
                className="btn btn-small"
                onClick={() => setDraft({ ...draft, password: newPassword() })}
              >
                {t`Generate another password`}
              </button>
            </p>
          )}
        </div>
        <CheckboxGroup
          label={t`Roles`}
          values={draft.roles}
          options={ROLES.map((role) => ({ value: role, label: roleName(i18n, role) }))}
          error={bilingual(errors.roles)}
          onChange={(roles) => setDraft({ ...draft, roles })}
        />
        <CheckboxGroup
          label={t`Shows only material of these educators`}
          values={draft.showOnlyEducators}
          options={educators}
          error={bilingual(errors.showOnlyEducators)}
          onChange={(showOnlyEducators) => setDraft({ ...draft, showOnlyEducators })}
        />
        <CheckboxGroup
          label={t`Projects`}
          values={draft.projects}
          options={PROJECTS.map((project) => ({ value: project, label: project }))}
          error={bilingual(errors.projects)}
          onChange={(projects) => setDraft({ ...draft, projects })}
        />
        {enrolments && <UserEnrolments read={enrolments} />}
        <div className="dialog-actions">
          <button type="button" className="btn btn-text" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t`Save`}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
