// Words of the media screens that depend on data (a language code), kept as message descriptors.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { SubtitleLanguage } from '@lfit/domain/materials/material'

const LANGUAGE_NAMES = {
  sl: msg`Slovenian`,
  en: msg`English`,
} as const

export const languageName = (i18n: I18n, lang: SubtitleLanguage) => i18n._(LANGUAGE_NAMES[lang])
