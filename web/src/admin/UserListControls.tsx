// The controls of /auth/users' list: search, role and status filters, the pages and the exports.
// Each is in the address (?iskanje=, ?vloga=, ?stanje=, ?stran=), so the router reads the page
// the server answers (web/src/app/screen-reads.ts), and a reload or a shared link shows the same.
import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { ROLES } from '@lfit/domain/access/roles'
import type { PublicUser } from '@lfit/domain/users/user'
import { roleName, roleNames } from '../auth/role-names'
import { ExportButtons } from '../export/ExportButtons'
import type { ExportColumn } from '../export/table'
import { USERS_PAGE_SIZE, type UserListFilter } from './user-list'
import { loadFilteredUsers } from './users-api'

type Address = Record<string, string | undefined>

/** Sets parts of the list's address; a new filter starts again at its first page. */
function useListAddress() {
  const navigate = useNavigate()
  return (changes: Address) =>
    void navigate({
      to: '/auth/users',
      replace: true,
      search: (previous: Record<string, unknown>) => {
        const next: Record<string, unknown> = { ...previous, ...changes }
        if (!('stran' in changes)) delete next.stran
        delete next.uredi
        for (const [key, value] of Object.entries(next)) if (!value) delete next[key]
        return next
      },
    })
}

export function UserListFilters({ filter, onNew }: { filter: UserListFilter; onNew: () => void }) {
  const { t, i18n } = useLingui()
  const go = useListAddress()
  return (
    <div className="users-toolbar">
      <form
        role="search"
        className="users-search"
        key={filter.search}
        onSubmit={(event) => {
          event.preventDefault()
          const data = new FormData(event.currentTarget)
          go({ iskanje: String(data.get('iskanje') ?? '').trim() })
        }}
      >
        <input
          className="input"
          type="search"
          name="iskanje"
          aria-label={t`Search users`}
          placeholder={t`Search by name, e-mail or project`}
          defaultValue={filter.search}
        />
        <button type="submit" className="btn">
          <Trans>Search</Trans>
        </button>
      </form>
      <label className="users-filter">
        <span>{t`Role`}</span>
        <select name="vloga" value={filter.role} onChange={(e) => go({ vloga: e.target.value })}>
          <option value="">{t`Every role`}</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {roleName(i18n, role)}
            </option>
          ))}
        </select>
      </label>
      <label className="users-filter">
        <span>{t`Status`}</span>
        <select
          name="stanje"
          value={filter.status}
          onChange={(e) => go({ stanje: e.target.value })}
        >
          <option value="">{t`Any status`}</option>
          <option value="active">{t`Active`}</option>
          <option value="blocked">{t`Blocked`}</option>
        </select>
      </label>
      <button type="button" className="btn btn-primary" onClick={onNew}>
        <Trans>New user</Trans>
      </button>
    </div>
  )
}

export function UserListPages({
  filter,
  total,
  users,
}: {
  filter: UserListFilter
  total: number
  users: readonly PublicUser[]
}) {
  const { t, i18n } = useLingui()
  const go = useListAddress()
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE))
  const page = filter.page + 1
  const first = total === 0 ? 0 : filter.page * USERS_PAGE_SIZE + 1
  const last = filter.page * USERS_PAGE_SIZE + users.length
  const columns: ExportColumn<PublicUser>[] = [
    { header: t`First name`, value: (user) => user.firstName ?? '' },
    { header: t`Last name`, value: (user) => user.lastName ?? '' },
    { header: t`Username`, value: (user) => user.username },
    { header: t`Roles`, value: (user) => roleNames(i18n, user.roles) },
    {
      header: t`Status`,
      value: (user) => (user.status === 'blocked' ? t`Blocked` : t`Active`),
    },
    { header: t`Year`, value: (user) => user.year ?? null },
    { header: t`Projects`, value: (user) => (user.projects ?? []).join(', ') },
  ]
  return (
    <div className="users-pages">
      <p className="muted" role="status" data-total={total}>
        <Trans>
          Users {first}–{last} of {total}
        </Trans>
      </p>
      <nav className="pager" aria-label={t`Pages of users`}>
        <button
          type="button"
          className="btn"
          disabled={page <= 1}
          onClick={() => go({ stran: String(page - 1) })}
        >
          <Trans>Previous</Trans>
        </button>
        <span data-page={page}>
          <Trans>
            Page {page} of {pages}
          </Trans>
        </span>
        <button
          type="button"
          className="btn"
          disabled={page >= pages}
          onClick={() => go({ stran: String(page + 1) })}
        >
          <Trans>Next</Trans>
        </button>
      </nav>
      <ExportButtons
        table={{ columns, rows: users }}
        load={() => loadFilteredUsers(filter)}
        screen="uporabniki"
        title={t`Users`}
      />
    </div>
  )
}
