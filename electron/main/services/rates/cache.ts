// rates.json in userData: the last accepted price per currency, so the app shows one (with its
// age) at start before any request. Written atomically, mode 0600. Read through the schema and
// the same bounds as a fresh answer: an edited or damaged file never puts a price on screen.
import { readFile } from 'node:fs/promises'
import { FIAT_CURRENCIES, type FiatCurrency } from '@shared/contract'
import { z } from 'zod'
import { writeAtomic } from '../files/writeAtomic'
import { type Accepted, judgePrice } from './sanity'

export const RATES_FILE = 'rates.json'

const Stored = z.object({
  version: z.literal(1),
  rates: z.record(z.string(), z.object({ price: z.number(), fetchedAt: z.number().int().nonnegative() })),
})

export type Cached = Partial<Record<FiatCurrency, Accepted>>

/** What the file holds, or null when there is none (the first run). An unreadable file holds nothing. */
export async function loadCache(path: string, now: number): Promise<Cached | null> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    return {}
  }
  let parsed: ReturnType<typeof Stored.safeParse> | null = null
  try {
    parsed = Stored.safeParse(JSON.parse(text))
  } catch {}
  const out: Cached = {}
  if (!parsed?.success) return out
  for (const c of FIAT_CURRENCIES) {
    const r = parsed.data.rates[c]
    // a date in the future would make a price look fresh for ever
    if (r && r.fetchedAt <= now && judgePrice(c, r.price, undefined, now).ok) out[c] = r
  }
  return out
}

export function saveCache(path: string, rates: Cached): Promise<void> {
  return writeAtomic(path, `${JSON.stringify({ version: 1, rates })}\n`)
}
