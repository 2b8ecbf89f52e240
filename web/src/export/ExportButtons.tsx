// The two export buttons of a list screen: the rows and columns it shows, as CSV or XLSX. A list
// the server reads a page at a time exports every row of its filter: `load` reads them on click.
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { exportTable, type ExportFormat } from './download'
import type { ExportTable } from './table'

export function ExportButtons<R>({
  table,
  screen,
  title,
  load,
}: {
  table: ExportTable<R>
  /** Reads the rows to export when they are more than the screen holds (a paged list). */
  load?: () => Promise<readonly R[]>
  /** The file name's first part, e.g. "udelezenci". */
  screen: string
  /** The sheet's name. */
  title: string
}) {
  const { i18n } = useLingui()
  const [busy, setBusy] = useState<ExportFormat | null>(null)
  const [failed, setFailed] = useState(false)
  const run = async (format: ExportFormat) => {
    setBusy(format)
    setFailed(false)
    try {
      const rows = load ? await load() : table.rows
      await exportTable({ ...table, rows }, format, { screen, title, language: i18n.locale })
    } catch (error) {
      console.error('export failed', error)
      setFailed(true)
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
      {failed && (
        <span className="field-error" role="alert">
          <Trans>The export could not be made; check the connection and try again.</Trans>
        </span>
      )}
    </div>
  )
}
