import { Fragment, type ReactNode } from 'react'
import { useI18n } from './index'

/**
 * The app under the current language: keyed by locale, so a change of language renders every
 * `t()` again, not only the FormattedMessages (which follow the store on their own).
 */
export function I18nRoot(props: { children: ReactNode }) {
  const locale = useI18n((s) => s.locale)
  return <Fragment key={locale}>{props.children}</Fragment>
}
