/// <reference types="vite/client" />

/** The id of this build, the same as in builds/latest.json when this build is the deployed one. */
declare const __BUILD_ID__: string
declare const __BUILD_TIME__: number

declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
