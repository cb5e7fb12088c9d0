// Main's refusal of what an account's backend cannot do, read from its capabilities (the
// registry's flags, in every account view) before any request leaves: the renderer hides what a
// flag denies, and main refuses it too, whatever the screen sent (docs/architecture.md, "Backends").
import type { Capabilities } from '@shared/contract'
import { AppError } from '@shared/errors'
import { mt } from '../i18n'

/** an account's flags, by its id */
export type CapabilitiesOf = (accountId: string) => Capabilities

/** throws `forbidden` unless the account can do `what` */
export function mustAllow(capabilities: Capabilities, what: keyof Capabilities): void {
  if (!capabilities[what]) throw new AppError('forbidden', mt('accounts.cannot'), { retryable: false })
}
