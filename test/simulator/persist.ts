// `--data file`: the ledger survives a restart. Writes are atomic (temp file + rename) and
// coalesced: many changes in one tick cost one write.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { StateData } from './state'

export function readState(file: string): StateData | null {
  if (!existsSync(file)) return null
  const data = JSON.parse(readFileSync(file, 'utf8')) as StateData
  if (data?.version !== 1 || !Array.isArray(data.wallets)) throw new Error(`${file} is not a simulator state file`)
  return data
}

export function writeStateAtomic(file: string, data: StateData): void {
  mkdirSync(dirname(file), { recursive: true })
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, JSON.stringify(data))
  renameSync(tmp, file)
}

/** Schedules a write shortly after a change; `flush()` writes now if anything is pending. */
export function createSaver(file: string, snapshot: () => StateData, delayMs = 100) {
  let timer: NodeJS.Timeout | null = null
  const flush = () => {
    if (timer) clearTimeout(timer)
    timer = null
    writeStateAtomic(file, snapshot())
  }
  return {
    changed() {
      if (!timer) timer = setTimeout(flush, delayMs)
    },
    flush() {
      if (timer) flush()
    },
  }
}
