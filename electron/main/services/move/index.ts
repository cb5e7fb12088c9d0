// Moving everything off an account to another of the person's accounts (docs/move.md): the plan
// (per wallet what would move and the fee reserve kept back, and the accounts it may go to), and
// the move, written whole before its first step and then one wallet at a time (steps.ts). Running
// it again resumes the unfinished move of the account, after the payments a stop left unfinished
// were reconciled. The source account stays: removing it is the person's own step.
import type { AccountView, MovePlan, MoveTarget, MoveView } from '@shared/contract'
import { AppError } from '@shared/errors'
import type { BackendWallet } from '../backends'
import { mt } from '../i18n'
import { moveView, walletPlan } from './plan'
import { advance, type Problems, type StepDeps } from './steps'
import type { MoveRecord } from './store'

export type { MoveStep } from './steps'

export interface MoveDeps extends StepDeps {
  accounts: () => { accounts: AccountView[] }
  /** "Check again": every unfinished payment reconciled (payments/follow.ts) before anything is paid again */
  check: () => Promise<unknown>
  /** whether an account can be paid into (abilities.ts reads it from its capabilities); absent: all can */
  canReceive?: (a: AccountView) => boolean
  /** whether an account can pay, so be moved off (abilities.ts); absent: all can */
  canPay?: (a: AccountView) => boolean
}

export interface MoveInput {
  fromAccountId: string
  toAccountId: string
  toWalletId: string
  requestId: string
}

export type Move = ReturnType<typeof createMove>

export function createMove(d: MoveDeps) {
  const receives = d.canReceive ?? (() => true)
  const pays = d.canPay ?? (() => true)
  // one move per source account at a time in this process (the app runs once per profile)
  const busy = new Set<string>()
  const account = (id: string) => d.accounts().accounts.find((a) => a.id === id)
  /** the account to move off: known, and able to pay (a receive-only one is refused in words) */
  function source(id: string): AccountView {
    const from = account(id)
    if (!from) throw new AppError('not_found', mt('accounts.gone'))
    if (!pays(from)) throw new AppError('forbidden', mt('move.sourceCannotPay'), { retryable: false })
    return from
  }

  function view(moveId: string): MoveView {
    const got = d.moves().get(moveId)
    if (!got) throw new AppError('not_found', mt('move.gone'))
    return moveView(got.move, got.steps, account(got.move.toAccountId)?.label ?? got.move.toAccountId)
  }

  async function targetsOf(fromAccountId: string): Promise<MoveTarget[]> {
    const others = d.accounts().accounts.filter((a) => a.id !== fromAccountId && receives(a))
    return Promise.all(
      others.map(async (a) => {
        // one that cannot be reached now is listed without wallets: it cannot be chosen yet
        const wallets = await d.walletsOf(a.id).catch((): BackendWallet[] => [])
        return { accountId: a.id, label: a.label, wallets: wallets.map((w) => ({ id: w.id, name: w.name ?? w.id })) }
      }),
    )
  }

  /** Checks the target and writes the whole plan before anything is made or paid. */
  async function begin(input: MoveInput): Promise<MoveRecord> {
    const { fromAccountId, toAccountId, toWalletId } = input
    if (fromAccountId === toAccountId) throw new AppError('invalid_input', mt('move.sameAccount'))
    const to = account(toAccountId)
    if (!to || !receives(to)) throw new AppError('invalid_input', mt('move.noTarget'))
    if (!(await d.walletsOf(toAccountId)).some((w) => w.id === toWalletId))
      throw new AppError('invalid_input', mt('move.noTargetWallet'))
    const steps = (await d.walletsOf(fromAccountId)).map((w, position) => ({
      ...{ ...walletPlan(w, d.feeCapOf?.(fromAccountId)), position, invoice: null, attempt: 1 },
      ...{ state: 'planned' as const, reason: null, detail: null },
    }))
    const move = { moveId: input.requestId, fromAccountId, toAccountId, toWalletId }
    d.moves().begin(
      move,
      steps.map(({ balanceMsat: _, ...s }) => s),
    )
    d.at?.('planned', '')
    return d.moves().get(move.moveId)?.move as MoveRecord
  }

  async function runMove(input: MoveInput): Promise<MoveView> {
    const from = source(input.fromAccountId)
    const unfinished = d.moves().unfinished(from.id)
    // a stopped move: what its payments became is asked first, so none is paid again
    if (unfinished) await d.check()
    const move = unfinished ?? (await begin(input))
    const memo = (name: string) => mt('move.memo', { account: from.label, wallet: name })
    const problems: Problems = []
    const before = d.moves().get(move.moveId)?.steps ?? []
    const after = []
    for (const step of before) after.push(await advance(d, move, step, memo(step.name), problems))
    if (!after.some((s) => !['moved', 'failed', 'skipped'].includes(s.state))) d.moves().finish(move.moveId)
    // nothing could be made or paid (the target or the source not reached): said as that error;
    // the move is kept as it stands, and the next run resumes it
    const moved = after.some((s, i) => s.state !== before[i]?.state && !['planned', 'skipped'].includes(s.state))
    if (problems[0] && !moved) throw problems[0]
    return view(move.moveId)
  }

  return {
    async plan(fromAccountId: string): Promise<MovePlan> {
      source(fromAccountId)
      const [wallets, targets] = await Promise.all([d.walletsOf(fromAccountId), targetsOf(fromAccountId)])
      const last = d.moves().latest(fromAccountId)
      return {
        fromAccountId,
        targets,
        wallets: wallets.map((w) => walletPlan(w, d.feeCapOf?.(fromAccountId))),
        last: last ? view(last.moveId) : null,
      }
    },
    async run(input: MoveInput): Promise<MoveView> {
      if (busy.has(input.fromAccountId)) throw new AppError('busy', mt('move.busy'))
      busy.add(input.fromAccountId)
      try {
        return await runMove(input)
      } finally {
        busy.delete(input.fromAccountId)
      }
    },
  }
}
