// The rates service as createApp wires it: rates.get through the router, the rates.updated event
// (checked against the contract as it is sent), and the fiat setting followed at once.
import { afterEach, expect, test } from 'vitest'
import { type BootedApp, bootApp } from '../../../dev/preview/boot'
import { type Loopback, serve } from '../services/loopback'

let booted: BootedApp | undefined
let server: Loopback | undefined
afterEach(async () => {
  await booted?.dispose()
  await server?.close()
})

const call = (name: string, input: unknown) =>
  (booted as BootedApp).app.router.handle(name, input, { trusted: true, url: 'preview://test' })

test('without a source nothing is fetched and no price is given', async () => {
  booted = await bootApp()
  expect(await call('rates.get', {})).toMatchObject({
    ok: true,
    value: { status: 'unavailable', satPrice: null, host: '', firstRun: false },
  })
})

test('rates.get, the event, and the setting followed at once', async () => {
  server = await serve((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end('{"bitcoin":{"usd":50000,"eur":45000}}')
  })
  const seen: unknown[] = []
  booted = await bootApp({ rateSource: `${server.url}/p` })
  booted.events.subscribe((e) => {
    if (e.name === 'rates.updated') seen.push(e.payload)
  })
  await booted.app.rates.refreshIfDue()
  expect(await call('rates.get', {})).toMatchObject({ ok: true, value: { status: 'fresh', satPrice: 0.0005 } })
  await booted.app.idle()
  expect(server.seen).toHaveLength(1)

  expect((await call('settings.update', { fiat: { enabled: true, currency: 'EUR' } })).ok).toBe(true)
  expect(await call('rates.get', {})).toMatchObject({ ok: true, value: { currency: 'EUR', satPrice: 0.00045 } })
  expect(seen.at(-1)).toMatchObject({ currency: 'EUR', satPrice: 0.00045, status: 'fresh' })
  expect((await call('settings.update', { fiat: { enabled: false, currency: 'EUR' } })).ok).toBe(true)
  expect(await call('rates.get', {})).toMatchObject({ ok: true, value: { status: 'off', satPrice: null } })
  expect(seen.at(-1)).toMatchObject({ status: 'off', satPrice: null })
  await booted.app.idle()
  expect(server.seen).toHaveLength(1)
  // a fiat setting with an unknown currency is refused at the boundary
  expect(await call('settings.update', { fiat: { enabled: true, currency: 'XXX' } })).toMatchObject({
    ok: false,
    error: { code: 'invalid_input' },
  })
})
