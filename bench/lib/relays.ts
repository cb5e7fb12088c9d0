// N loopback relays in their own process for bench/nwc.ts (so their work is not counted as the
// app's): prints their URLs as one JSON line, then runs until killed. A line `times` on stdin is
// answered with one JSON line: the service's part of each request answered since (nostrRelay.ts,
// `takeServiceTimes`), over all relays.
import { createInterface } from 'node:readline'
import { startRelay } from '../../test/support/nostrRelay'

const n = Number(process.argv[2] ?? 1)
const relays = await Promise.all(Array.from({ length: n }, () => startRelay({ stamps: true })))
console.log(JSON.stringify(relays.map((r) => r.url)))
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === 'times') console.log(JSON.stringify(relays.flatMap((r) => r.takeServiceTimes())))
})
