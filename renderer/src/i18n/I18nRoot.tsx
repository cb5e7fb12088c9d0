import type { ReactNode } from 'react'
import { RawIntlProvider } from 'react-intl'
import { useI18n } from './index'

/** Gives react-intl the current catalog; keyed by locale so a change re-renders every `t` too. */
export function I18nRoot(props: { children: ReactNode }) {
  const { locale, intl } = useI18n()
  return (
    <RawIntlProvider key={locale} value={intl}>
      {props.children}
    </RawIntlProvider>
  )
}
