// Each kind of account's connect form, in one table: the choice that picks it, its fields (their
// words from the catalogs), what is wrong before main is asked, and the `accounts.test` input the
// values make (`accounts.connect` takes the same, plus a name and where the secret is kept).
// Onboarding and "Add an account" draw the form from it; a new kind is one entry here.
import type { AccountKind, OpInput } from '@shared/contract'
import { type MessageId, t } from '../i18n'
import { checkBaseUrl } from './validate'

export type FieldValues = Readonly<Record<string, string>>

export interface FormField {
  /** the key of its value, and of the input it becomes */
  name: string
  /** the element's id (the label points at it) */
  id: string
  label: MessageId
  placeholder?: MessageId
  kind: 'url' | 'secret' | 'select'
  /** a select's choices */
  options?: readonly { value: string; label: MessageId }[]
  initial: string
  /** folded under "Advanced" */
  advanced?: boolean
}

interface KindForm<K extends AccountKind> {
  /** the radio button that picks this kind */
  choice: MessageId
  fields: readonly FormField[]
  /** a line under the fields */
  help?: MessageId
  /** what is wrong with the values before main is asked, or null */
  problem(v: FieldValues): string | null
  /** the values as `accounts.test` takes them */
  input(v: FieldValues): Extract<OpInput<'accounts.test'>, { kind: K }>
}

const value = (v: FieldValues, name: string) => (v[name] ?? '').trim()

/** an LNbits form's keys: one per wallet, separated by commas, spaces or lines */
const lnbitsKeys = (v: FieldValues) =>
  value(v, 'keys')
    .split(/[\s,]+/)
    .filter(Boolean)

/** A text field, empty at first. */
const text = (
  name: string,
  id: string,
  kind: 'url' | 'secret',
  words: { label: MessageId; placeholder: MessageId },
): FormField => ({ name, id, kind, initial: '', ...words })

export const CONNECT_FORMS: { [K in AccountKind]: KindForm<K> } = {
  service: {
    choice: 'onboarding.withAnApiKey',
    fields: [
      text('baseUrl', 'base-url', 'url', {
        label: 'onboarding.serviceAddress',
        placeholder: 'onboarding.httpsApiExampleCom',
      }),
      text('apiKey', 'api-key', 'secret', { label: 'onboarding.apiKey', placeholder: 'onboarding.sak' }),
      {
        name: 'authMethod',
        id: 'auth-method',
        kind: 'select',
        initial: 'header',
        advanced: true,
        label: 'onboarding.howTheKeyIsSent',
        options: [
          { value: 'header', label: 'onboarding.xApiKeyHeaderRecommended' },
          { value: 'basic', label: 'onboarding.httpBasic' },
          { value: 'query', label: 'onboarding.accessTokenInTheAddress' },
        ],
      },
    ],
    problem: (v) =>
      checkBaseUrl(value(v, 'baseUrl')) ?? (value(v, 'apiKey').length < 8 ? t('onboarding.pasteTheApiKeyIt') : null),
    input: (v) => ({
      kind: 'service',
      baseUrl: value(v, 'baseUrl'),
      apiKey: value(v, 'apiKey'),
      authMethod: v.authMethod as 'header' | 'basic' | 'query',
    }),
  },
  nwc: {
    choice: 'onboarding.withAnNwcString',
    fields: [
      text('uri', 'nwc-uri', 'secret', {
        label: 'onboarding.connectionString',
        placeholder: 'onboarding.nwcPlaceholder',
      }),
    ],
    help: 'onboarding.nwcHelp',
    problem: (v) => (/^nostr\+walletconnect:/i.test(value(v, 'uri')) ? null : t('onboarding.pasteTheNwcString')),
    input: (v) => ({ kind: 'nwc', uri: value(v, 'uri') }),
  },
  lnbits: {
    choice: 'onboarding.withLnbits',
    fields: [
      text('baseUrl', 'lnbits-url', 'url', {
        label: 'onboarding.lnbitsAddress',
        placeholder: 'onboarding.lnbitsAddressPlaceholder',
      }),
      text('keys', 'lnbits-keys', 'secret', {
        label: 'onboarding.lnbitsKeys',
        placeholder: 'onboarding.lnbitsKeysPlaceholder',
      }),
    ],
    help: 'onboarding.lnbitsHelp',
    problem: (v) =>
      checkBaseUrl(value(v, 'baseUrl')) ??
      (lnbitsKeys(v).length > 0 && lnbitsKeys(v).every((k) => /^[0-9a-f]{32}$/i.test(k))
        ? null
        : t('onboarding.pasteLnbitsKeys')),
    input: (v) => ({ kind: 'lnbits', baseUrl: value(v, 'baseUrl'), keys: lnbitsKeys(v) }),
  },
}

export const ACCOUNT_KIND_ORDER: readonly AccountKind[] = ['service', 'nwc', 'lnbits']

/** A kind's fields at their first values. */
export const initialValues = (kind: AccountKind): FieldValues =>
  Object.fromEntries(CONNECT_FORMS[kind].fields.map((f) => [f.name, f.initial]))

/** The same values with every secret emptied (after a save: nothing secret stays in the page). */
export const withoutSecrets = (kind: AccountKind, v: FieldValues): FieldValues =>
  Object.fromEntries(CONNECT_FORMS[kind].fields.map((f) => [f.name, f.kind === 'secret' ? '' : (v[f.name] ?? '')]))

/** The values as `accounts.test` takes them (the form's kind reads them). */
export const testInput = (kind: AccountKind, v: FieldValues): OpInput<'accounts.test'> => CONNECT_FORMS[kind].input(v)
