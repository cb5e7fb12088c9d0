// Main's own error texts follow main's language (issue 25): a real failure against a real port,
// through the router as the renderer sees it, first in German, then in English again.
import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mainLocale, setMainLocale } from '../../../electron/main/services/i18n'
import { BOLT11_SPEC } from '../../shared/fixtures/bolt11Spec'
import { type ConnectedApp, startConnectedApp } from './appHarness'

/** A loopback port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const { port } = server.address() as { port: number }
  await new Promise<void>((ok) => server.close(() => ok()))
  return port
}

describe("main's error words in main's language", () => {
  let t: ConnectedApp
  beforeAll(async () => {
    t = await startConnectedApp({ label: 'Words', balanceSat: 1000 })
  })
  afterAll(async () => {
    setMainLocale('en')
    await t.close()
  })

  it('a refused address reads in German, then in English once the language is back', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}`
    const connect = () =>
      t.app.router.handle('accounts.connect', { kind: 'service', baseUrl, apiKey: t.sim.keys.secret })

    setMainLocale('de')
    const de = await connect()
    expect(de.ok).toBe(false)
    if (de.ok) return
    expect(de.error.code).toBe('network')
    expect(de.error.message).toBe(
      'Der Dienst war nicht erreichbar. Prüfe deine Verbindung und die Adresse des Dienstes.',
    )

    setMainLocale('en')
    const en = await connect()
    expect(en.ok).toBe(false)
    if (en.ok) return
    expect(en.error.message).toBe('The service could not be reached. Check your connection and the service address.')
  })

  it("a damaged invoice's refusal (words @shared gives) reads in German, then in English", async () => {
    const decode = () => t.app.router.handle('pay.decode', { invoice: BOLT11_SPEC.badChecksum })
    setMainLocale('de')
    const de = await decode()
    expect(!de.ok && de.error).toMatchObject({
      code: 'invalid_input',
      message: 'Diese Lightning-Rechnung ist beschädigt: Ein Zeichen ist falsch oder fehlt.',
    })
    setMainLocale('en')
    const en = await decode()
    expect(!en.ok && en.error.message).toBe('This Lightning invoice is damaged: a character is wrong or missing.')
  })
})

describe("main's language comes from the settings, in the app core (issue 45)", () => {
  let t: ConnectedApp
  beforeAll(async () => {
    t = await startConnectedApp({ label: 'Sprache', balanceSat: 1000 })
  })
  afterAll(async () => {
    setMainLocale('en')
    await t.close()
  })

  it('a language chosen in Settings is main\'s at once and after a restart; "system" without an OS language is English', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}`
    const refusal = async () => {
      const r = await t.app.router.handle('accounts.connect', { kind: 'service', baseUrl, apiKey: t.sim.keys.secret })
      return r.ok ? null : r.error.message
    }
    expect(await refusal()).toMatch(/^The service could not be reached/)
    // as the page's language picker does: nothing but the setting, no call to set main's language
    await t.call('settings.update', { language: 'de' })
    expect(await refusal()).toMatch(/^Der Dienst war nicht erreichbar/)
    // the shell hears of the change after main speaks the new language (it relabels its menus then)
    const told = t.events.findLast((e) => e.name === 'settings.updated')
    expect((told?.payload as { language?: string } | undefined)?.language).toBe('de')

    setMainLocale('en') // as a fresh process starts
    await t.restart()
    expect(mainLocale()).toBe('de')
    expect(await refusal()).toMatch(/^Der Dienst war nicht erreichbar/)

    await t.call('settings.update', { language: 'system' })
    expect(mainLocale()).toBe('en')
  })
})
