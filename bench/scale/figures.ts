// The figures of one size of bench:scale, what is searched for, and the growth table.
export interface ScaleStep {
  rows: number
  'sim start s': number
  'raw reads s': number
  'first sync s': number
  'sync / raw': number
  'sync rows/s': number
  'ledger bytes/row': number
  'search word p95 ms': number
  'search payee p95 ms': number
  'search amount p95 ms': number
  'search label p95 ms': number
  /** the same searches at the screen's own page size (25): how much of the above is filling 100 */
  'search word p95 ms (25 a page)': number
  'search payee p95 ms (25 a page)': number
  'search amount p95 ms (25 a page)': number
  'search label p95 ms (25 a page)': number
  /** rows a search's first page of 100 holds, on average over its terms */
  'search word rows a page': number
  'search payee rows a page': number
  'search amount rows a page': number
  'search label rows a page': number
  'page next p95 ms (router)': number
  'page jump p95 ms (router)': number
  'page change p95 ms (painted)': number
  'renderer heap MB (page 50)': number
  'csv rows/s': number
  'csv peak RSS growth MB': number
  'csv via router peak RSS growth MB': number
  'RSS MB before the app': number
  /** this process (the app and the bench's harness) after the sync */
  'bench process RSS MB (after sync)': number
  /** the app alone after the same first sync (rssChild.ts): the main process's figure */
  'main RSS MB (after sync)': number
  /** the app alone: the most resident during that sync */
  'main peak RSS MB (sync)': number
  'main first sync s (alone)': number
  'ledger open ms': number
  'main heap MB (after sync)': number
  'idle CPU ms/min': number
}

/** What a person types, by kind: words and parts of words, payees, amounts, their own labels. */
export function searchTerms(amountsMsat: readonly number[]) {
  const sats = amountsMsat.map((m) => Math.abs(Math.trunc(m / 1000))).filter((s) => s > 0)
  return {
    word: [
      'croissant',
      'Espresso',
      'roastery',
      'barista',
      'sourdough',
      'ssant',
      'Order #4',
      'latte',
      'nothing like this',
    ],
    payee: ['nadia@', 'zoe@strike.me', 'getalby', 'walter', 'mallory@coinos.io'],
    amount: sats.slice(0, 20).map((s) => s.toLocaleString('en-US')),
    label: ['VAT', 'wholesale', 'refund to', 'bookkeeping', 'stall'],
  }
}

/** Goals at 1,000,000 rows (issue 27); a figure over its goal fails the bench. */
export const GOALS: Partial<Record<keyof ScaleStep, { max: number; text: string }>> = {
  'search word p95 ms': { max: 30, text: '< 30 ms' },
  'search payee p95 ms': { max: 30, text: '< 30 ms' },
  'search amount p95 ms': { max: 30, text: '< 30 ms' },
  'search label p95 ms': { max: 30, text: '< 30 ms' },
  'page change p95 ms (painted)': { max: 50, text: '< 50 ms' },
  'csv peak RSS growth MB': { max: 64, text: '< 64 MB' },
  'main RSS MB (after sync)': { max: 300, text: '< 300 MB' },
}

/**
 * The first sync as a person meets it, the service 50 ms away (latency.ts): against the raw reads
 * under the same latency at 100,000 rows and more; the newest page on screen at every size. (The
 * first sync against raw reads from a simulator on the same two cores is reported, not judged:
 * there the store's CPU outweighs the reads', which is not what a person's machine meets.)
 */
export const LATENCY_GOALS = {
  syncRaw: { max: 1.15, text: '≤ 1.15×' },
  shown: { max: 1, text: '≤ 1 s' },
}

/** Figures that should stay flat from 10k to 1M (≤ 1.5×); the sync's time should grow with the rows. */
export const FLAT: ReadonlyArray<keyof ScaleStep> = [
  'search word p95 ms',
  'search payee p95 ms',
  'search amount p95 ms',
  'search label p95 ms',
  'page next p95 ms (router)',
  'page change p95 ms (painted)',
]

/** Each figure at every size divided by the figure at the first (smallest) size. */
export function growthTable(steps: readonly ScaleStep[]): Array<Record<string, string | number>> {
  const base = steps[0]
  if (!base) return []
  return (Object.keys(base) as Array<keyof ScaleStep>).map((figure) => {
    const row: Record<string, string | number> = { figure, [`${base.rows}`]: base[figure] }
    for (const s of steps.slice(1)) {
      row[`${s.rows}`] = s[figure]
      row[`×${s.rows}/${base.rows}`] = base[figure] > 0 ? Number((s[figure] / base[figure]).toFixed(2)) : 'n/a'
    }
    return row
  })
}
