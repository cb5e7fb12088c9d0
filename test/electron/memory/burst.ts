/** Objects that live through a few young collections, as a sync's pages do, many times over. */
export function burst(): number {
  let kept: Array<{ i: number; s: string }> = []
  let n = 0
  for (let i = 0; i < 3_000_000; i++) {
    kept.push({ i, s: `row ${i}` })
    if (kept.length > 200_000) {
      n += kept.length
      kept = []
    }
  }
  return n + kept.length
}
