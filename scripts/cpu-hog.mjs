// `node scripts/cpu-hog.mjs [workers] [maxSec] [watchPid]`: keeps `workers` cores busy (2 by
// default), each a thread in a busy loop, so the tests can be run on a loaded machine
// (`npm run test:loaded`, README "Testing under load"). It stops by itself after `maxSec` seconds
// (3,600 by default), when the process `watchPid` ends (the suite that started it), and on SIGTERM
// or SIGINT: a hog left behind would slow everything after it.
import { isMainThread, Worker } from 'node:worker_threads'

if (!isMainThread) {
  // a busy loop that still does work, so no engine can fold it away
  let x = 0
  for (;;) x = (x * 31 + 7) % 1_000_003
}

const whole = (text, fallback) => {
  const n = Number(text ?? fallback)
  if (!Number.isInteger(n) || n < 0) throw new Error(`not a whole number: ${text}`)
  return n
}
const workers = whole(process.argv[2], 2)
const maxSec = whole(process.argv[3], 3_600)
const watchPid = process.argv[4] ? whole(process.argv[4]) : null

const threads = Array.from({ length: workers }, () => new Worker(new URL(import.meta.url)))
const started = Date.now()
console.log(
  `cpu-hog: ${workers} busy thread(s), for at most ${maxSec} s${watchPid ? ` or until ${watchPid} ends` : ''}`,
)

function stop(why) {
  console.log(`cpu-hog: stopped (${why}) after ${Math.round((Date.now() - started) / 1000)} s`)
  for (const t of threads) void t.terminate()
  process.exit(0)
}

const alive = (pid) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return err.code === 'EPERM' // there, but not ours to signal
  }
}

setTimeout(() => stop('time is up'), maxSec * 1000)
if (watchPid) setInterval(() => alive(watchPid) || stop(`${watchPid} ended`), 1000)
process.on('SIGTERM', () => stop('SIGTERM'))
process.on('SIGINT', () => stop('SIGINT'))
