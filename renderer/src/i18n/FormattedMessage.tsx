// react-intl's message, read from the app's current catalog (i18n/index.ts) rather than from a
// provider above it: a component renders the same under <I18nRoot> and alone (unit tests
// render screens without one), and changes with the language.
import { createElement, Fragment, type ReactNode } from 'react'
import { currentIntl, type MessageId, useI18n } from './index'

type Value = ReactNode | Date | ((chunks: ReactNode[]) => ReactNode)

export function FormattedMessage(props: { id: MessageId; values?: Record<string, Value> }) {
  const intl = useI18n((s) => s.intl) ?? currentIntl()
  if (!intl) return props.id
  const out = intl.formatMessage({ id: props.id }, props.values as Record<string, ReactNode>)
  return Array.isArray(out) ? createElement(Fragment, null, ...out) : out
}
