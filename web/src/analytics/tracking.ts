// The switch the analytics script (public/a/script.js) reads: /noTrack turns tracking off for
// this browser, for good.
export const NO_TRACK_FLAG = 'lfit:noTrack'

export function turnTrackingOff(): void {
  try {
    localStorage.setItem(NO_TRACK_FLAG, '1')
  } catch {
    // Without storage the script cannot track across pages either.
  }
}

export function isTrackingOff(): boolean {
  try {
    return localStorage.getItem(NO_TRACK_FLAG) === '1'
  } catch {
    return true
  }
}
