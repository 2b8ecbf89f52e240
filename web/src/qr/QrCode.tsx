// The one QR code of the app (the poster's timetable link, a certificate's verification link),
// drawn as SVG squares from the `qrcode` package's matrix: no image URL or inline markup (the CSP
// allows neither inline styles nor scripts), and crisp at any print size. The package is loaded
// with the first code shown, never with the first route or the precache (vite.config.ts), so it
// needs the network once; a failed load leaves an empty box of the same size, and every user of
// it writes the link out beside it.
import { useEffect, useState } from 'react'
import type { QrMatrix as Matrix } from './qrcode-matrix'

async function matrixOf(text: string): Promise<Matrix> {
  const { qrMatrix } = await import('./qrcode-matrix')
  return qrMatrix(text)
}

/** The quiet zone around the code, in modules, as readers expect. */
const MARGIN = 4

export function QrCode({
  text,
  label,
  className,
}: {
  text: string
  label: string
  /** Sizes the code (and the empty box while it loads). */
  className: string
}) {
  const [matrix, setMatrix] = useState<{ text: string; matrix: Matrix } | null>(null)
  useEffect(() => {
    let current = true
    matrixOf(text).then(
      (made) => current && setMatrix({ text, matrix: made }),
      () => current && setMatrix(null),
    )
    return () => {
      current = false
    }
  }, [text])
  const shown = matrix?.text === text ? matrix.matrix : null
  if (!shown) return <div className={className} data-qr-url={text} aria-busy="true" />
  const path: string[] = []
  for (let row = 0; row < shown.size; row += 1) {
    for (let column = 0; column < shown.size; column += 1) {
      if (shown.dark(row, column)) path.push(`M${column + MARGIN} ${row + MARGIN}h1v1h-1z`)
    }
  }
  const box = shown.size + 2 * MARGIN
  return (
    <svg
      className={className}
      data-qr-url={text}
      data-qr-size={shown.size}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${box} ${box}`}
      shapeRendering="crispEdges"
    >
      <rect width={box} height={box} fill="#fff" />
      <path d={path.join('')} fill="#000" />
    </svg>
  )
}
