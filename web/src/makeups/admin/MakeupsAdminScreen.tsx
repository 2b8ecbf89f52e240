// /nadomescanja (admin, regEditor, makeupEditor): the make-up sessions, who needs make-ups, and
// the make-up settings, one tab each (docs/product-rules.md#make-ups-and-attendance-rules).
// The tab is in the address (?tab=), so the router reads what it shows (docs/0036).
import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { MAKEUP_TABS, useScreenRead, type MakeupTab } from '../../app/screen-reads'
import { NeedsPanel } from './NeedsPanel'
import { SessionsPanel } from './SessionsPanel'
import { SettingsPanel } from './SettingsPanel'
import './makeups-admin.css'

export function MakeupsAdminScreen() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const read = useScreenRead('/nadomescanja')
  const tab = read.tab
  const setTab = (name: MakeupTab) =>
    void navigate({ to: '/nadomescanja', search: { tab: name }, replace: true })
  const names: Record<MakeupTab, string> = {
    sessions: t`Sessions`,
    needs: t`Who needs make-ups`,
    settings: t`Settings`,
  }
  return (
    <section className="makeups-admin">
      <h1>
        <Trans>Make-ups</Trans>
      </h1>
      <div className="makeup-tabs" role="tablist">
        {MAKEUP_TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`makeup-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="makeup-tab-panel"
            className={`btn ${tab === name ? 'btn-primary' : 'btn-text'}`}
            onClick={() => setTab(name)}
          >
            {names[name]}
          </button>
        ))}
      </div>
      <div id="makeup-tab-panel" role="tabpanel" aria-labelledby={`makeup-tab-${tab}`}>
        {read.tab === 'sessions' && <SessionsPanel read={read} />}
        {read.tab === 'needs' && <NeedsPanel />}
        {read.tab === 'settings' && <SettingsPanel read={read.settings} />}
      </div>
    </section>
  )
}
