// The passphrase before a change that loosens the lock or grants spending (docs/security.md, "What
// needs the passphrase"): each operation the table in services/lock/loosening.ts marks `judged` is
// wrapped here, so its handler runs only once the change was judged and, when it loosens, its
// `passphrase` was checked through the lock (with the lock's back-off). The handler never sees it.
import { OP_NAMES } from '@shared/contract'
import { mt } from '../services/i18n'
import { JUDGES, type JudgedOp, type LooseningState, PASSPHRASE_RULES } from '../services/lock/loosening'
import { type PassphraseCheck, requirePassphrase } from '../services/spending'
import type { Handlers } from './router'

export interface LooseningDeps {
  passphrase: PassphraseCheck
  state(): LooseningState
}

const WHAT: Record<JudgedOp, 'settings' | 'connection'> = {
  'settings.update': 'settings',
  'nwc.create': 'connection',
}

export function guardLoosening(handlers: Handlers, d: LooseningDeps): Handlers {
  const guarded = { ...handlers }
  for (const name of OP_NAMES) if (PASSPHRASE_RULES[name] === 'judged') guard(guarded, handlers, name as JudgedOp, d)
  return guarded
}

function guard(out: Handlers, handlers: Handlers, name: JudgedOp, d: LooseningDeps) {
  type Loose = (input: { passphrase?: string }) => Promise<unknown>
  const handler = handlers[name] as Loose
  const judge = JUDGES[name] as (input: object, now: LooseningState) => boolean
  const wrapped: Loose = async ({ passphrase, ...change }) => {
    if (d.passphrase.isSet() && judge(change, d.state()))
      await requirePassphrase(d.passphrase, passphrase, mt('loosening.needsPassphrase', { what: WHAT[name] }))
    return handler(change)
  }
  Object.assign(out, { [name]: wrapped })
}
