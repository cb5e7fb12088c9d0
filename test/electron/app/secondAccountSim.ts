// A demo simulator whose service knows a second account (no wallets) with the given secret key:
// its state file gets one more account before the simulator starts from it.
import { readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type SimulatorHandle, startSimulator } from '../../simulator/index'

export async function startSimWithSecondAccount(
  secondKey: string,
): Promise<{ sim: SimulatorHandle; close(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'lt-second-sim-'))
  const file = join(dir, 'state.json')
  await (await startSimulator({ seed: 'demo', dataFile: file })).close()
  const state = JSON.parse(readFileSync(file, 'utf8')) as { accounts: Array<Record<string, unknown>> }
  state.accounts.push({ id: 'acct_second', secretKey: secondKey, publicKey: 'pak_secondAccount0001', createdAt: 1 })
  writeFileSync(file, JSON.stringify(state))
  const sim = await startSimulator({ dataFile: file })
  return {
    sim,
    async close() {
      await sim.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
