// Draws the app icons (PNG, no dependencies): a blue tile with a purple disc and a white figure
// in motion. Run once after changing the design: `node web/scripts/make-icons.mjs`.
// The maskable icon keeps its drawing inside the central 80 % safe zone and fills the rest.
import { mkdirSync, writeFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'

const BLUE = [21, 101, 192]
const PURPLE = [123, 31, 162]
const WHITE = [255, 255, 255]

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (buf) => {
  let c = 0xffffffff
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
const chunk = (type, data) => {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}
const png = (size, pixel) => {
  const rows = []
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4)
    for (let x = 0; x < size; x++) row.set(pixel((x + 0.5) / size, (y + 0.5) / size), 1 + x * 4)
    rows.push(row)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 6, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** Distance from point p to the segment a–b. */
const toSegment = (px, py, [ax, ay], [bx, by]) => {
  const dx = bx - ax
  const dy = by - ay
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
  return Math.hypot(px - ax - t * dx, py - ay - t * dy)
}

// A figure with raised arms, in unit coordinates around the centre.
const HEAD = [0.5, 0.3]
const LIMBS = [
  [
    [0.5, 0.38],
    [0.5, 0.58],
  ],
  [
    [0.5, 0.43],
    [0.33, 0.33],
  ],
  [
    [0.5, 0.43],
    [0.67, 0.33],
  ],
  [
    [0.5, 0.58],
    [0.38, 0.75],
  ],
  [
    [0.5, 0.58],
    [0.64, 0.74],
  ],
]

/** The drawing at scale s around the centre (s < 1 shrinks it into the safe zone). */
const drawing = (x, y, s) => {
  const u = 0.5 + (x - 0.5) / s
  const v = 0.5 + (y - 0.5) / s
  if (Math.hypot(u - HEAD[0], v - HEAD[1]) < 0.06) return WHITE
  if (LIMBS.some(([a, b]) => toSegment(u, v, a, b) < 0.035)) return WHITE
  if (Math.hypot(u - 0.5, v - 0.52) < 0.34) return PURPLE
  return BLUE
}

const rounded = (x, y, r) => {
  const cx = Math.min(Math.max(x, r), 1 - r)
  const cy = Math.min(Math.max(y, r), 1 - r)
  return Math.hypot(x - cx, y - cy) <= r
}

const icon = (x, y) => (rounded(x, y, 0.18) ? [...drawing(x, y, 1), 255] : [0, 0, 0, 0])
const opaque = (x, y) => [...drawing(x, y, 1), 255]
const maskable = (x, y) => [...drawing(x, y, 0.72), 255]

const out = new URL('../public/icons/', import.meta.url)
mkdirSync(out, { recursive: true })
const files = {
  'icon-192.png': png(192, icon),
  'icon-512.png': png(512, icon),
  'maskable-512.png': png(512, maskable),
  'apple-touch-icon.png': png(180, opaque),
  'favicon-32.png': png(32, icon),
}
for (const [name, data] of Object.entries(files)) {
  writeFileSync(new URL(name, out), data)
  console.log(`${name}: ${data.length} bytes`)
}
