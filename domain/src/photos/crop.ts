// Turning an editor's crop (fractions of the rotated photo, as the crop tool reports them) into
// whole pixels of a photo of a given size: always inside the photo and at least one pixel, so a
// crop from a stale screen or a hand-made request can never ask the image library for an area
// outside the picture.
import type { Crop, Rotation } from './photo'

export interface PixelArea {
  left: number
  top: number
  width: number
  height: number
}

export function cropInPixels(crop: Crop, width: number, height: number): PixelArea {
  const left = Math.min(width - 1, Math.max(0, Math.floor(crop.x * width)))
  const top = Math.min(height - 1, Math.max(0, Math.floor(crop.y * height)))
  const right = Math.min(width, Math.max(left + 1, Math.round((crop.x + crop.width) * width)))
  const bottom = Math.min(height, Math.max(top + 1, Math.round((crop.y + crop.height) * height)))
  return { left, top, width: right - left, height: bottom - top }
}

/** The rotation after turning a quarter left or right. */
export function turned(rotation: Rotation, turn: 'left' | 'right'): Rotation {
  return ((rotation + (turn === 'right' ? 1 : 3)) % 4) as Rotation
}

/** A crop that covers (nearly) the whole photo is no crop at all. */
export function isWholePhoto(crop: Crop): boolean {
  const edge = 0.001
  return crop.x <= edge && crop.y <= edge && crop.width >= 1 - edge && crop.height >= 1 - edge
}

/**
 * A crop drawn on a photo that is already cropped (the editor sees the cropped photo) as a crop
 * of the whole turned photo, which is what the server applies to the original.
 */
export function cropWithin(earlier: Crop | null, inner: Crop): Crop {
  const outer = earlier ?? { x: 0, y: 0, width: 1, height: 1 }
  const clamp = (value: number) => Math.min(1, Math.max(0, value))
  const x = clamp(outer.x + inner.x * outer.width)
  const y = clamp(outer.y + inner.y * outer.height)
  return {
    x,
    y,
    width: Math.max(0.0001, Math.min(1 - x, inner.width * outer.width)),
    height: Math.max(0.0001, Math.min(1 - y, inner.height * outer.height)),
  }
}
