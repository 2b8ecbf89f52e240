// The two export buttons of a list screen: the rows and columns it shows, as CSV or XLSX.
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { exportTable, type ExportFormat } from './download'
import type { ExportTable } from './table'

export function ExportButtons<R>({
  table,
  screen,
  title,
}: {
  table: ExportTable<R>
  /** The file name's first part, e.g. "udelezenci". */
  screen: string
  /** The sheet's name. */
  title: string
}) {
  const { i18n } = useLingui()
  const [busy, setBusy] = useState<ExportFormat | null>(null)
  const run = async (format: ExportFormat) => {
    setBusy(format)
    try {
      await exportTable(table, format, { screen, title, language: i18n.locale })
    } finally {
      setBusy(null)
    }
  }
  const empty = table.rows.length === 0
  return (
    <div className="export-buttons">
      <button
        type="button"
        className="btn"
        data-export="csv"
        disabled={empty || busy !== null}
        onClick={() => void run('csv')}
      >
        <Trans>Export CSV</Trans>
      </button>
      <button
        type="button"
        className="btn"
        data-export="xlsx"
        disabled={empty || busy !== null}
        aria-busy={busy === 'xlsx' || undefined}
        onClick={() => void run('xlsx')}
      >
        <Trans>Export XLSX</Trans>
      </button>
    </div>
  )
}
