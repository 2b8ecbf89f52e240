// The `qrcode` package behind a module of its own, imported only dynamically: its chunk is named
// after this file (assets/qrcode-matrix-*.js), which vite.config.ts keeps out of the precache and
// caches on first use, like the spreadsheet library.
import { create } from 'qrcode'

export interface QrMatrix {
  size: number
  dark: (row: number, column: number) => boolean
}

export function qrMatrix(text: string): QrMatrix {
  const { modules } = create(text, { errorCorrectionLevel: 'M' })
  return { size: modules.size, dark: (row, column) => modules.get(row, column) === 1 }
}
