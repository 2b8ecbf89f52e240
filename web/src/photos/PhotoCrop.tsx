// The crop tool (react-easy-crop: drag and pinch on a phone, drag and wheel on a desk), loaded
// only when an editor crops. It shows the photo as it is now; the area chosen is turned into a
// crop of the whole photo (cropWithin), which the server applies to the kept original.
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import Cropper, { type Area } from 'react-easy-crop'
import 'react-easy-crop/react-easy-crop.css'
import { cropWithin } from '@lfit/domain/photos/crop'
import type { Crop } from '@lfit/domain/photos/photo'
import type { PhotoView } from '@lfit/domain/photos/wire'

const ASPECTS = [
  { key: 'photo', value: 0 },
  { key: '1:1', value: 1 },
  { key: '4:3', value: 4 / 3 },
  { key: '3:2', value: 3 / 2 },
  { key: '16:9', value: 16 / 9 },
] as const

export default function PhotoCrop({
  photo,
  busy,
  onCrop,
  onCancel,
}: {
  photo: PhotoView
  busy: boolean
  onCrop: (crop: Crop | null) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const [position, setPosition] = useState({ x: 0, y: 0 })
  const [zoom, setZoom] = useState(1)
  const [aspectKey, setAspectKey] = useState<string>('photo')
  const [area, setArea] = useState<Area | null>(null)
  const photoAspect = photo.screen.width / photo.screen.height
  const aspect = ASPECTS.find((a) => a.key === aspectKey)?.value || photoAspect

  return (
    <div className="photo-crop">
      <div className="photo-crop-area">
        <Cropper
          image={photo.screen.url}
          crop={position}
          zoom={zoom}
          aspect={aspect}
          disableAutomaticStylesInjection
          onCropChange={setPosition}
          onZoomChange={setZoom}
          onCropComplete={(percentages) => setArea(percentages)}
        />
      </div>
      <label className="field">
        <span>
          <Trans>Shape</Trans>
        </span>
        <select name="aspect" value={aspectKey} onChange={(e) => setAspectKey(e.target.value)}>
          {ASPECTS.map((a) => (
            <option key={a.key} value={a.key}>
              {a.key === 'photo' ? t`As the photo` : a.key}
            </option>
          ))}
        </select>
      </label>
      <div className="btn-row">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || !area}
          onClick={() => {
            if (!area) return
            // react-easy-crop reports percentages of the image shown.
            const inner = {
              x: area.x / 100,
              y: area.y / 100,
              width: area.width / 100,
              height: area.height / 100,
            }
            onCrop(cropWithin(photo.crop ?? null, inner))
          }}
        >
          <Trans>Apply the crop</Trans>
        </button>
        {photo.crop && (
          <button type="button" className="btn" disabled={busy} onClick={() => onCrop(null)}>
            <Trans>Show the whole photo</Trans>
          </button>
        )}
        <button type="button" className="btn btn-text" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </div>
  )
}
