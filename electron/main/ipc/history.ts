// The history from the local ledger: each operation handed to the history service as it is
// (input parsed by the router).
import type { History } from '../services/history'
import type { OpIn } from './router'

export function historyHandlers(h: History) {
  return {
    'history.page': async (q: OpIn<'history.page'>) => h.page(q),
    'history.label': async (input: OpIn<'history.label'>) => h.label(input),
    'history.exportCsv': (input: OpIn<'history.exportCsv'>) => h.exportCsv(input),
  }
}
