// "Move everything to another account" (Settings → the account; docs/move.md): the plan main
// reads, the target chosen, the backup asked for first, one request id per confirmation (a double
// click moves nothing twice) and the summary main answers. Main does every step; a stopped move
// is resumed by running it again, which main finds on disk.
import type { MovePlan, MoveView } from '@shared/contract'
import type { AppErrorShape } from '@shared/errors'
import { create } from 'zustand'
import { invoke, newRequestId } from '../api'
import type { LoadStatus } from './wallets'

export type MoveStage = 'choose' | 'backup' | 'confirm' | 'moving' | 'summary'

interface MoveState {
  /** the account being moved off; null: the flow is closed */
  fromAccountId: string | null
  plan: MovePlan | null
  status: LoadStatus
  error: AppErrorShape | null
  stage: MoveStage
  toAccountId: string | null
  toWalletId: string | null
  /** made once when the confirmation shows */
  requestId: string | null
  /** the backup step's own form saved an encrypted backup (a file written) */
  backupSaved: boolean
  result: MoveView | null
  open(fromAccountId: string): Promise<void>
  close(): void
  choose(toAccountId: string, toWalletId?: string): void
  toBackup(): void
  /** the backup step's form wrote its file */
  saved(): void
  /** on to the confirmation once the backup step saved a backup; before that, nothing */
  afterBackup(): void
  /** the person's explicit "I already have a backup": on to the confirmation without one */
  haveBackup(): void
  toConfirm(): void
  run(): Promise<void>
}

const closed = {
  fromAccountId: null,
  plan: null,
  status: 'idle' as const,
  error: null,
  stage: 'choose' as const,
  toAccountId: null,
  toWalletId: null,
  requestId: null,
  result: null,
  backupSaved: false,
}

/** the first wallet of a target, unless one of its own was chosen */
function walletOf(plan: MovePlan | null, accountId: string | null, walletId?: string | null): string | null {
  const wallets = plan?.targets.find((t) => t.accountId === accountId)?.wallets ?? []
  return wallets.find((w) => w.id === walletId)?.id ?? wallets[0]?.id ?? null
}

export const useMove = create<MoveState>()((set, get) => ({
  ...closed,
  async open(fromAccountId) {
    set({ ...closed, fromAccountId, status: 'loading' })
    const r = await invoke('move.plan', { fromAccountId })
    if (get().fromAccountId !== fromAccountId) return
    if (!r.ok) return set({ status: 'error', error: r.error })
    const plan = r.value
    // a stopped move keeps its own target: it is resumed, never started again elsewhere
    const stopped = plan.last?.state === 'running' ? plan.last : null
    const toAccountId = stopped?.toAccountId ?? plan.targets.find((t) => t.wallets.length > 0)?.accountId ?? null
    const toWalletId = stopped?.toWalletId ?? walletOf(plan, toAccountId)
    set({ plan, status: 'ready', toAccountId, toWalletId, result: stopped })
  },
  close: () => set(closed),
  choose: (toAccountId, toWalletId) => set({ toAccountId, toWalletId: walletOf(get().plan, toAccountId, toWalletId) }),
  toBackup: () => set({ stage: 'backup', error: null, backupSaved: false }),
  saved: () => set({ backupSaved: true }),
  afterBackup() {
    if (get().stage === 'backup' && get().backupSaved) get().toConfirm()
  },
  haveBackup() {
    if (get().stage === 'backup') get().toConfirm()
  },
  toConfirm: () => set({ stage: 'confirm', requestId: newRequestId(), error: null }),
  async run() {
    const { fromAccountId, toAccountId, toWalletId, requestId, stage } = get()
    if (stage === 'moving' || !fromAccountId || !toAccountId || !toWalletId) return
    const id = requestId ?? newRequestId()
    set({ stage: 'moving', requestId: id, error: null })
    const r = await invoke('move.run', { fromAccountId, toAccountId, toWalletId, requestId: id })
    if (get().fromAccountId !== fromAccountId) return
    // a new confirmation (Resume, Check again) is a new request: this one ran
    if (r.ok) set({ stage: 'summary', result: r.value, requestId: null })
    else set({ stage: 'summary', error: r.error, requestId: null })
  },
}))
