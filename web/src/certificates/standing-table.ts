// The columns of /ATMcertsList's standing list, shared by the table and its CSV/XLSX export so
// the file holds exactly what the screen shows.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ExportColumn } from '../export/table'
import type { StandingRow } from './certificates-api'
import { REASON_WORDS, STANDING_WORDS } from './words'

export function eligibilityText(row: StandingRow, i18n: I18n): string {
  if (row.eligible) return i18n._(msg`Eligible`)
  const reasons = row.reasons.map((reason) => i18n._(REASON_WORDS[reason])).join(', ')
  return i18n._(msg`Not eligible: ${reasons}`)
}

export function certificateText(row: StandingRow, i18n: I18n): string {
  const valid = row.certificates.find((c) => c.status === 'valid')
  return valid ? valid.code : row.certificates.length > 0 ? i18n._(msg`revoked`) : ''
}

export function standingColumns(i18n: I18n): ExportColumn<StandingRow>[] {
  return [
    { header: i18n._(msg`Name`), value: (row) => row.name },
    { header: i18n._(msg`E-mail`), value: (row) => row.person },
    { header: i18n._(msg`Attended`), value: (row) => row.attended },
    { header: '%', value: (row) => row.percent },
    { header: i18n._(msg`Missed`), value: (row) => row.missed },
    { header: i18n._(msg`Made up`), value: (row) => row.madeUp },
    { header: i18n._(msg`To make up`), value: (row) => row.outstanding },
    { header: i18n._(msg`Times late`), value: (row) => row.late },
    { header: i18n._(msg`Limit`), value: (row) => row.limit },
    { header: i18n._(msg`Standing`), value: (row) => i18n._(STANDING_WORDS[row.standing]) },
    { header: i18n._(msg`Certificate`), value: (row) => eligibilityText(row, i18n) },
    { header: i18n._(msg`Code`), value: (row) => certificateText(row, i18n) },
  ]
}
