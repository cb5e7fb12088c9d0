// Handing a claim's invoice to the withdraw link's callback (LUD-03), and what its answer means
// for that invoice: taken (the server pays, or says it will), refused (nobody is to pay it, so it
// is not waited on), or not known (it may still pay: watched until it expires).
import { mt } from '../i18n'
import { LnurlAnswer, refusal } from './offer'
import { type Remote, RemoteError, remoteAppError } from './remote'

export type Handover = { kind: 'accepted' } | { kind: 'refused'; message: string } | { kind: 'unknown'; why: string }

/** A gateway's statuses: the server behind it may have had the invoice, and may pay it. */
const GATEWAY = new Set([502, 504])
const success = (status: number) => status >= 200 && status < 300

/** One GET of the callback; a private or unsafe address is refused before anything is sent. */
export async function handOver(remote: Remote, url: string, confirmed: readonly string[], host: string) {
  try {
    const answer = await remote.get(url, confirmed)
    return handoverOf(answer.status, answer.body, host)
  } catch (err) {
    if (!(err instanceof RemoteError)) throw err
    // refused before anything was sent: the invoice was never handed over
    if (err.problem === 'private' || err.problem === 'unsafe') throw remoteAppError(err)
    // an answer that came but is not JSON says what its status says; a lost one says nothing
    return err.status === null ? unknown(err.message) : handoverOf(err.status, undefined, host)
  }
}

/** What the callback's answer (`body` undefined: not JSON) says of the invoice handed over. */
export function handoverOf(status: number, body: unknown, host: string): Handover {
  const said = LnurlAnswer.safeParse(body)
  if (said.success && said.data.status === 'ERROR') return { kind: 'refused', message: refusal(host, said.data.reason) }
  if (said.success) return success(status) ? { kind: 'accepted' } : unknown(mt('claim.notAnAnswer', { host }))
  // any other failing status but a gateway's is the server's own no, without its words
  if (!success(status) && !GATEWAY.has(status)) return { kind: 'refused', message: refusal(host, '') }
  return unknown(mt('claim.notAnAnswer', { host }))
}

const unknown = (why: string): Handover => ({ kind: 'unknown', why })
