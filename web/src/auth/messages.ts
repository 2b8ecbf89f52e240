// Shows the product's bilingual messages ('obvezno EN required', or { sl, en } from the server) in
// the current language, and turns a failed call into a sentence for the form.
import { useLingui } from '@lingui/react/macro'
import { splitBilingual, type Bilingual } from '@lfit/domain/messages/bilingual'
import { ApiError } from '../api/client'

export function useBilingual() {
  const { i18n } = useLingui()
  const lang = i18n.locale === 'sl' ? 'sl' : 'en'
  return (message: string | Bilingual | null | undefined): string => {
    if (!message) return ''
    return (typeof message === 'string' ? splitBilingual(message) : message)[lang]
  }
}

/** The text a form shows when a call failed. */
export function useCallErrorText() {
  const { t } = useLingui()
  const bilingual = useBilingual()
  return (error: unknown): string => {
    if (error instanceof ApiError) {
      if (error.offline) return t`You are offline. Try again when the network is back.`
      if (error.bilingual) return bilingual(error.bilingual)
      if (error.status === 429) return t`Too many attempts. Wait a minute and try again.`
    }
    return t`Something went wrong. Please try again.`
  }
}
