// Reservations left unsettled (a crash mid-payment, a lost answer) are settled from the payment
// journal, which knows what became of each request id once the app checked (at start, after a
// sync, "Check again"). No journal entry means nothing was sent: the journal is written before a
// payment leaves, so the reservation is freed. A paid entry whose fee is not known keeps the fee
// cap counted, the larger figure.
import type { Journal } from '../payments'
import { requestIdOf } from './pay'
import type { NwcStore } from './store'

export function settleFromJournal(store: NwcStore, journal: Pick<Journal, 'get'>): number {
  let settled = 0
  for (const s of store.unsettled()) {
    const entry = journal.get(requestIdOf(s.eventId))
    if (!entry || entry.state === 'failed') store.settle(s.eventId, 'failed')
    else if (entry.state === 'paid') store.settle(s.eventId, 'paid', s.reservedMsat - s.amountMsat)
    else continue
    settled++
  }
  return settled
}
