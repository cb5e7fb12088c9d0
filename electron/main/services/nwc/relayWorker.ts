// The connected apps' relays on a thread of their own (relayService.ts; docs/nwc.md, "Floods").
// Started by linksOffThread.ts; this file is an entry of its own in the build.
import { parentPort, workerData } from 'node:worker_threads'
import type { RelayWorkerData } from './relayJob'
import { serveRelays } from './relayService'

if (!parentPort) throw new Error('relayWorker.ts runs as a worker thread')
serveRelays(parentPort, workerData as RelayWorkerData)
