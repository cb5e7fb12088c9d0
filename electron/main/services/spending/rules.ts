// The spending rules of each account, in spending.json in userData (0600, written atomically).
// A file that cannot be read is NOT taken as "no rules": it is kept aside and every spend is
// refused until the rules are set again (with the passphrase), since a limit that vanished with a
// damaged file would be no limit at all. That holds across a restart: the file put in its place
// says so (`setAside`) until new rules are written.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { SpendingRules } from '@shared/contract'
import { z } from 'zod'
import { writeAtomic } from '../files/writeAtomic'

export const SPENDING_FILE = 'spending.json'
export const SpendingFile = z
  .object({
    version: z.literal(1),
    accounts: z.record(z.string().min(1).max(200), SpendingRules),
    /** the rules could not be read and were kept here: nothing is spent until they are set again */
    setAside: z.string().max(4096).optional(),
  })
  .strict()
export type SpendingFile = z.infer<typeof SpendingFile>
export type Rules = z.infer<typeof SpendingRules>
export const NO_RULES: Rules = { confirmAboveSat: null, dailyLimitSat: null }

export interface RulesStore {
  load(): Promise<void>
  /** null: the file could not be read, and nothing may be spent until rules are set again */
  of(accountId: string): Rules | null
  all(): Record<string, Rules>
  set(accountId: string, rules: Rules): Promise<void>
  forget(accountId: string): Promise<void>
  /** replaces every account's rules (a restored backup) */
  replace(accounts: Record<string, Rules>): Promise<void>
}

export function createRulesStore(o: { dir: string; now: () => number; onUnreadable?: (aside: string) => void }) {
  const path = join(o.dir, SPENDING_FILE)
  let accounts: Record<string, Rules> = {}
  let broken = false
  let queue: Promise<unknown> = Promise.resolve()
  // the next rules are made from the ones the write before left, not from those at the call: two
  // changes at once (two accounts' limits) must both land
  const write = (next: (was: Record<string, Rules>) => Record<string, Rules>) => {
    const p = queue.then(async () => {
      const file = SpendingFile.parse({ version: 1, accounts: next(accounts) })
      await writeAtomic(path, `${JSON.stringify(file, null, 2)}\n`)
      accounts = file.accounts
      broken = false
    })
    queue = p.catch(() => {})
    return p
  }
  /** The damaged file copied aside, then replaced by one that says so: a crash in between leaves it damaged. */
  async function keepAside(text: string) {
    const aside = `${path}.corrupt-${o.now()}`
    await writeFile(aside, text, { encoding: 'utf8', mode: 0o600, flush: true })
    await writeAtomic(path, `${JSON.stringify({ version: 1, accounts: {}, setAside: aside }, null, 2)}\n`)
    return aside
  }
  const store: RulesStore = {
    async load() {
      let text: string
      try {
        text = await readFile(path, 'utf8')
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return
        throw err
      }
      let file: SpendingFile | null = null
      try {
        file = SpendingFile.parse(JSON.parse(text))
      } catch {}
      if (file && file.setAside === undefined) {
        accounts = file.accounts
        return
      }
      const aside = file?.setAside ?? (await keepAside(text))
      broken = true
      o.onUnreadable?.(aside)
    },
    of: (accountId) => (broken ? null : (accounts[accountId] ?? NO_RULES)),
    all: () => ({ ...accounts }),
    set: (accountId, rules) => write((was) => ({ ...was, [accountId]: rules })),
    async forget(accountId) {
      if (!(accountId in accounts)) return
      await write(({ [accountId]: _, ...rest }) => rest)
    },
    replace: (next) => write(() => ({ ...next })),
  }
  return store
}
