import { Fragment, type ReactNode } from 'react'
import { useI18n } from './index'

/**
 * What the app's tree is keyed by: the locale, so a change of language renders every `t()` again,
 * not only the FormattedMessages (which follow the store on their own). The first catalog's
 * arrival counts as a change too: English is the starting locale, so without it a part drawn
 * before the catalog was in (the tab bar, on a busy machine) kept showing message ids.
 */
export const rootKey = (s: { locale: string; intl: unknown }): string => (s.intl ? s.locale : 'no catalog yet')

export function I18nRoot(props: { children: ReactNode }) {
  const key = useI18n(rootKey)
  return <Fragment key={key}>{props.children}</Fragment>
}
