// rates.json in userData: the last accepted price per currency, so the app shows one (with its
// age) at start before any request, and the day's accepted prices (sanity.ts), so a restart does
// not forget what a new price is judged against. Written atomically, mode 0600. Read through the
// schema and the same bounds as a fresh answer: an edited or damaged file never puts a price on
// screen. A file from before `day` was kept has the last price as its only anchor (sanity.ts).
import { readFile } from 'node:fs/promises'
import { FIAT_CURRENCIES, type FiatCurrency } from '@shared/contract'
import { z } from 'zod'
import { writeAtomic } from '../files/writeAtomic'
import { type Accepted, type DayPrices, inBounds, MAX_AGE_MS } from './sanity'

export const RATES_FILE = 'rates.json'

const Price = z.object({ price: z.number(), fetchedAt: z.number().int().nonnegative() })
const Stored = z.object({
  version: z.literal(1),
  rates: z.record(z.string(), Price),
  day: z.record(z.string(), z.array(Price).max(100)).optional(),
})

export type Cached = Partial<Record<FiatCurrency, Accepted>>
export type Days = Partial<Record<FiatCurrency, DayPrices>>

/** What the file holds, or null when there is none (the first run). An unreadable file holds nothing. */
export async function loadCache(path: string, now: number): Promise<{ rates: Cached; day: Days } | null> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    return { rates: {}, day: {} }
  }
  let parsed: ReturnType<typeof Stored.safeParse> | null = null
  try {
    parsed = Stored.safeParse(JSON.parse(text))
  } catch {}
  const rates: Cached = {}
  const day: Days = {}
  if (!parsed?.success) return { rates, day }
  // a date in the future would make a price look fresh (or an anchor last) for ever
  const usable = (c: FiatCurrency, r: Accepted) => r.fetchedAt <= now && inBounds(c, r.price)
  for (const c of FIAT_CURRENCIES) {
    const r = parsed.data.rates[c]
    if (r && usable(c, r)) rates[c] = r
    day[c] = (parsed.data.day?.[c] ?? [])
      .filter((p) => usable(c, p) && now - p.fetchedAt < MAX_AGE_MS)
      .sort((a, b) => a.fetchedAt - b.fetchedAt)
  }
  return { rates, day }
}

export function saveCache(path: string, rates: Cached, day: Days): Promise<void> {
  return writeAtomic(path, `${JSON.stringify({ version: 1, rates, day })}\n`)
}
