// The language switcher in the app bar: English or Slovenian, remembered in the cookie.
import { useLingui } from '@lingui/react/macro'
import { switchLanguage } from '../i18n/i18n'
import { LANGUAGES, type Language } from '@lfit/domain/messages/language'

const LABELS: Record<Language, string> = { en: 'EN', sl: 'SL' }

export function LanguageSwitcher() {
  const { t, i18n } = useLingui()
  const names: Record<Language, string> = { en: t`English`, sl: t`Slovenian` }
  return (
    <div className="language-switcher" role="group" aria-label={t`Language`}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={i18n.locale === language}
          title={names[language]}
          onClick={() => void switchLanguage(language)}
        >
          {LABELS[language]}
        </button>
      ))}
    </div>
  )
}
