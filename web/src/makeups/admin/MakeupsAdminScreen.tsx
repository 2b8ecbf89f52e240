// /nadomescanja (admin, regEditor, makeupEditor): the make-up sessions, who needs make-ups, and
// the make-up settings, one tab each (docs/product-rules.md#make-ups-and-attendance-rules).
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { NeedsPanel } from './NeedsPanel'
import { SessionsPanel } from './SessionsPanel'
import { SettingsPanel } from './SettingsPanel'
import './makeups-admin.css'

const TABS = ['sessions', 'needs', 'settings'] as const
type Tab = (typeof TABS)[number]

export function MakeupsAdminScreen() {
  const { t } = useLingui()
  const [tab, setTab] = useState<Tab>('sessions')
  const names: Record<Tab, string> = {
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
        {TABS.map((name) => (
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
        {tab === 'sessions' && <SessionsPanel />}
        {tab === 'needs' && <NeedsPanel />}
        {tab === 'settings' && <SettingsPanel />}
      </div>
    </section>
  )
}
