// The QR code library (qrcode), behind this one module so it loads as its own chunk
// (`assets/qr-code-*.js`): kept out of the first route and the precache, cached on first use
// (vite.config.ts), as only a certificate needs it.
import QRCode from 'qrcode'

/** The text as a QR code image (a PNG data URL), with room for a phone's camera to lock on. */
export function qrDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 240 })
}
