// A bench file run on its own (`npx tsx bench/<name>.ts`) rather than from `npm run bench`: its
// figures as a table, then exit (a relay's or server's timers must not keep the process open).
import { pathToFileURL } from 'node:url'

/** Runs `bench` when the module at `moduleUrl` is the process's entry, and prints what it returns. */
export function runAlone(moduleUrl: string, bench: () => Promise<object>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return
  bench().then(
    (r) => {
      console.table(Array.isArray(r) ? r : [r])
      process.exit(0)
    },
    (err) => {
      console.error(err)
      process.exit(1)
    },
  )
}
