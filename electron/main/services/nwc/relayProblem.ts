// Why a relay link is down, as a code the Connected apps screen puts in plain words (its catalog):
// never the library's own message, which is English and may name more than the person needs.
export type RelayProblemCode = 'refused' | 'not_found' | 'timeout' | 'http' | 'tls' | 'closed' | 'other'

export interface RelayProblem {
  code: RelayProblemCode
  /** the HTTP status a relay turned the connection away with (`http`), else null */
  status: number | null
}

/** A socket error read by its code (Node's) or, for the handshake, by what ws says. */
export function relayProblemOf(err: Error & { code?: unknown }): RelayProblem {
  const code = typeof err.code === 'string' ? err.code : ''
  const of = (c: RelayProblemCode): RelayProblem => ({ code: c, status: null })
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET') return of('refused')
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return of('not_found')
  if (code === 'ETIMEDOUT' || /timed out/i.test(err.message)) return of('timeout')
  if (/CERT|SSL|TLS|SELF_SIGNED/i.test(code) || /certificate/i.test(err.message)) return of('tls')
  const http = /Unexpected server response: (\d{3})/.exec(err.message)
  if (http) return { code: 'http', status: Number(http[1]) }
  return of('other')
}
