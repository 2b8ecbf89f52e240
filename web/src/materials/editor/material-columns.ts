// The columns of the editors' material lists: the title in the reader's language (the other one
// when it has none), kind, years, segments, projects and when it was made, newest first.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { MaterialRecord } from '@lfit/domain/materials/material'
import type { Shown } from '../../offline/local-view'
import type { Column } from '../../editing/list'
import { formatDay } from '../../i18n/date-format'
import { kindName, segmentWord } from './material-words'

export function materialTitle(locale: string, material: MaterialRecord): string {
  return locale === 'sl'
    ? material.titleSl || material.titleEn
    : material.titleEn || material.titleSl
}

export function materialColumns(i18n: I18n): Column<Shown<MaterialRecord>>[] {
  return [
    {
      key: 'title',
      label: i18n._(msg`Title`),
      text: ({ record, pending }) =>
        materialTitle(i18n.locale, record) + (pending ? ` (${i18n._(msg`not sent yet`)})` : ''),
      sortBy: ({ record }) => materialTitle(i18n.locale, record),
    },
    { key: 'kind', label: i18n._(msg`Kind`), text: ({ record }) => kindName(i18n, record.kind) },
    { key: 'years', label: i18n._(msg`Years`), text: ({ record }) => record.years.join(', ') },
    {
      key: 'segments',
      label: i18n._(msg`Segments`),
      text: ({ record }) => record.segments.map((segment) => segmentWord(i18n, segment)).join(', '),
      sortBy: ({ record }) => record.segments[0] ?? null,
    },
    {
      key: 'projects',
      label: i18n._(msg`Projects`),
      text: ({ record }) => record.projects.join(', '),
    },
    {
      key: 'created',
      label: i18n._(msg`Added`),
      text: ({ record }) => (record.createdAt ? formatDay(i18n.locale, record.createdAt) : ''),
      sortBy: ({ record }) => record.createdAt || null,
    },
  ]
}

/** Text a search also finds: the other language's title, educators, file names. */
export const materialSearchText = ({ record }: Shown<MaterialRecord>) =>
  [
    record.titleSl,
    record.titleEn,
    ...record.educators,
    ...record.files.map((file) => file.name),
  ].join(' ')
