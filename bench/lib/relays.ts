// N loopback relays in their own process for bench/nwc.ts (so their work is not counted as the
// app's): prints their URLs as one JSON line, then runs until killed.
import { startRelay } from '../../test/support/nostrRelay'

const n = Number(process.argv[2] ?? 1)
const relays = await Promise.all(Array.from({ length: n }, () => startRelay()))
console.log(JSON.stringify(relays.map((r) => r.url)))
