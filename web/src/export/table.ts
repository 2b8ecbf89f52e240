// What an export is made of: the columns a screen shows (headers already translated into the
// chosen UI language) and the rows it shows, in the order it shows them.

export type CellValue = string | number | null

export interface ExportColumn<R> {
  header: string
  value: (row: R) => CellValue
}

export interface ExportTable<R> {
  columns: readonly ExportColumn<R>[]
  rows: readonly R[]
}

/** The table as plain values: the header row, then one array per row. */
export function tableValues<R>(table: ExportTable<R>): CellValue[][] {
  return [
    table.columns.map((column) => column.header),
    ...table.rows.map((row) => table.columns.map((column) => column.value(row))),
  ]
}
