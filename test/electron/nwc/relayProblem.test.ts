// Why a relay link is down, as the Connected apps screen is told it (relayProblem.ts,
// relayStates.ts): a real socket to a port nobody listens on, and a server that turns the
// upgrade away with 503; three failed attempts in a row make a relay "failing", an open link that
// drops only "reconnecting".
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { openRelay, type RelayLink } from '../../../electron/main/services/nwc/relay'
import type { RelayProblem } from '../../../electron/main/services/nwc/relayProblem'
import { createRelayStates } from '../../../electron/main/services/nwc/relayStates'
import { until } from './harness'

let link: RelayLink | undefined
afterEach(() => link?.close())

function watch(url: string) {
  const seen: Array<{ up: boolean; problem?: RelayProblem }> = []
  link = openRelay({
    url,
    filter: () => ({ kinds: [23194] }),
    onEvent: () => {},
    onStatus: (up, problem) => seen.push({ up, problem }),
    backoffMinMs: 50,
  })
  return seen
}

describe('a relay that cannot be reached says why', () => {
  it('nobody listening: refused', async () => {
    const server = createServer()
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const port = (server.address() as AddressInfo).port
    await new Promise((r) => server.close(r))
    const seen = watch(`ws://127.0.0.1:${port}`)
    await until(() => seen.length > 0)
    expect(seen[0]).toEqual({ up: false, problem: { code: 'refused', status: null } })
  })

  it('an HTTP 503 to the upgrade: http, with the status', async () => {
    const server = createServer((_req, res) => res.writeHead(503).end())
    server.on('upgrade', (_req, socket) => socket.end('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n'))
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const seen = watch(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`)
    await until(() => seen.length > 0)
    link?.close()
    await new Promise((r) => server.close(r))
    expect(seen[0]).toEqual({ up: false, problem: { code: 'http', status: 503 } })
  })
})

describe('relay states', () => {
  it('open, dropped (reconnecting, since the drop), failing after three refusals, open again', () => {
    let now = 1_000_000
    const s = createRelayStates(() => now)
    const view = () => s.views(['wss://r.example'])[0]
    expect(view()?.state).toBe('connecting')
    s.status('wss://r.example', true)
    s.heard('wss://r.example')
    expect(view()).toMatchObject({ state: 'connected', lastRequestMs: 1_000_000, problem: null })
    now += 5_000
    s.status('wss://r.example', false, { code: 'closed', status: null })
    expect(view()).toMatchObject({ state: 'reconnecting', sinceMs: 1_005_000 })
    now += 1_000
    s.status('wss://r.example', false, { code: 'refused', status: null })
    s.status('wss://r.example', false, { code: 'refused', status: null })
    expect(view()?.state).toBe('reconnecting')
    s.status('wss://r.example', false, { code: 'refused', status: null })
    expect(view()).toMatchObject({ state: 'failing', sinceMs: 1_005_000, problem: { code: 'refused' } })
    s.status('wss://r.example', true)
    expect(view()).toMatchObject({ state: 'connected', problem: null, lastRequestMs: 1_000_000 })
  })
})
