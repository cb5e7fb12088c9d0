// The app's language: the system's (the default) or one chosen. Each language is named in itself,
// so a person who cannot read the current one still finds theirs.
import type { Settings } from '@shared/contract'
import { LANGUAGE_NAMES, type Language, LOCALES } from '@shared/i18n/locales'
import { t } from '../i18n'
import { useSettings } from '../stores/settings'
import { SelectField } from './SelectField'

/** a choice of the list below (main checks the setting again with its schema) */
const isLanguage = (v: string): v is Language => v === 'system' || (LOCALES as readonly string[]).includes(v)

export function LanguagePref({ settings }: { settings: Settings }) {
  const update = useSettings((s) => s.update)
  return (
    <SelectField
      id="language"
      label={t('settings.language')}
      value={settings.language ?? 'system'}
      onValue={(v) => {
        if (isLanguage(v)) void update({ language: v })
      }}
    >
      <option value="system">{t('settings.languageSystem')}</option>
      {LOCALES.map((l) => (
        <option key={l} value={l} lang={l}>
          {LANGUAGE_NAMES[l]}
        </option>
      ))}
    </SelectField>
  )
}
