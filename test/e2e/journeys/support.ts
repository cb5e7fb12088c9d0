/// <reference lib="dom" />
// Shared steps of the journey tests: a plain fetch client for asking the simulator directly (so a
// test checks the app against the service, not against itself) and a few UI moves.
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { OpenedApp } from '../harness'

/** Calls the service the way an independent client would, with the seeded secret key. */
export async function service(o: OpenedApp, method: string, path: string, json?: unknown) {
  const res = await fetch(o.sim.url + path, {
    method,
    headers: { 'X-Api-Key': o.sim.keys.secret, ...(json ? { 'Content-Type': 'application/json' } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  })
  // biome-ignore lint/suspicious/noExplicitAny: test reads fields it then asserts on
  return { status: res.status, headers: res.headers, data: (await res.json()) as any }
}

/** The router main uses, called as the trusted shell would (test set-up only, never to assert the UI). */
export function mainCall(o: OpenedApp, name: string, input: unknown) {
  return o.app.router.handle(name, input, { trusted: true, url: 'preview://test' })
}

/** Settings the watcher reads: the shortest poll interval, so a claim shows within seconds. */
export async function fastPolling(o: OpenedApp) {
  const r = await mainCall(o, 'settings.update', { pollIntervalSec: 5 })
  expect(r.ok).toBe(true)
}

export async function navTo(page: Page, name: string) {
  // the tab bar is the page's first navigation landmark (its name is in the chosen language)
  await page.getByRole('navigation').first().getByRole('button', { name, exact: true }).click()
  // a screen's first visit loads its chunk: on a busy machine that can take more than the default second
  await expect.poll(() => page.locator('h1').first().textContent(), { timeout: 15_000 }).toBeTruthy()
}

export const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().isVisible()

export async function waitVisible(page: Page, text: string | RegExp, timeout = 15_000) {
  await expect.poll(() => visible(page, text), { timeout }).toBe(true)
}

export async function alertText(page: Page): Promise<string> {
  const alert = page.getByRole('alert').first()
  await alert.waitFor({ timeout: 15_000 })
  return (await alert.textContent()) ?? ''
}

/** The warning about a link's server on this computer or a private network, confirmed as a person does. */
export async function contactAnyway(page: Page, host: string) {
  const warning = page.getByTestId('private-host-warning').filter({ hasText: host })
  await warning.first().waitFor({ timeout: 15_000 })
  await warning
    .first()
    .getByRole('button', { name: `Contact ${host} anyway` })
    .click()
}

/** Claim's press for a link on the account's own service's server, which needs no warning. */
export async function askWhatItOffers(page: Page, host: string) {
  await page.getByRole('button', { name: `Ask ${host} what it offers` }).click({ timeout: 15_000 })
}

export interface Relay {
  /** e.g. `http://127.0.0.1:40123` */
  origin: string
  host: string
  close(): Promise<void>
}

/**
 * Another LNURL server on this computer, as a link from outside may name one: a port of its own
 * (`name`: `127.0.0.1` or `localhost`) passing each GET on to `target` (the simulator's vouchers),
 * with `target` in its answers (the callback) pointed at `callbackVia`, itself by default.
 */
export async function relay(target: string, o: { name?: string; callbackVia?: () => string } = {}): Promise<Relay> {
  const server = createServer((req, res) => {
    fetch(`${target}${req.url ?? '/'}`)
      .then(async (r) => {
        const body = (await r.text()).split(target).join(o.callbackVia?.() ?? origin)
        res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' }).end(body)
      })
      .catch(() => res.writeHead(502).end())
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const host = `${o.name ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`
  const origin = `http://${host}`
  const close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections()
      server.close(() => r())
    })
  return { origin, host, close }
}

/** An image dropped on Scan, as a file dragged from the desktop. */
export async function dropImage(page: Page, png: Buffer) {
  await page.getByTestId('scan-drop').evaluate((el, b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
    const dt = new DataTransfer()
    dt.items.add(new File([bytes], 'voucher.png', { type: 'image/png' }))
    el.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }))
  }, png.toString('base64'))
}

let axeSource: string | null = null

/** What axe-core finds wrong on the page as it stands (each line prefixed with `label`). */
export async function axeViolations(page: Page, label: string): Promise<string[]> {
  axeSource ??= await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
  const loaded = await page.evaluate(() => 'axe' in window)
  if (!loaded) await page.evaluate(axeSource)
  const result = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected above, untyped in the page
    const r = await (window as any).axe.run(document, { resultTypes: ['violations'] })
    return {
      rulesPassed: r.passes.length as number,
      // biome-ignore lint/suspicious/noExplicitAny: the few fields read for the message
      violations: r.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`),
    }
  })
  // axe really looked (colour contrast, names, landmarks…), not an empty run
  expect(result.rulesPassed).toBeGreaterThan(10)
  return result.violations.map((v: string) => `${label} ${v}`)
}

/** A language's catalog (shared/i18n), for finding the page's words in that language. */
export function catalog(locale: string): (id: string) => string {
  const messages = JSON.parse(readFileSync(join(import.meta.dirname, '../../../shared/i18n', `${locale}.json`), 'utf8'))
  return (id) => {
    const text = messages[id]
    if (typeof text !== 'string') throw new Error(`no message ${id} in ${locale}`)
    return text
  }
}

/** Chooses the app's language in Settings' store (as the picker does) and waits for the page to speak it. */
export async function chooseLanguage(o: OpenedApp, locale: string) {
  const r = await mainCall(o, 'settings.update', { language: locale })
  expect(r.ok).toBe(true)
  await expect.poll(() => o.page.evaluate(() => document.documentElement.lang), { timeout: 15_000 }).toBe(locale)
}

/** the width Chromium draws a drop-down's arrow in, beside its text */
const SELECT_ARROW_PX = 20

/**
 * Elements reaching past the right edge (or a page wider than the window), and drop-downs too
 * narrow for their chosen option, named for the failure message.
 */
export function overflowing(page: Page) {
  return page.evaluate((ARROW_PX) => {
    const limit = window.innerWidth
    const wide: string[] = []
    if (document.documentElement.scrollWidth > limit) wide.push(`document ${document.documentElement.scrollWidth}px`)
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect()
      if (r.width === 0 && r.height === 0) continue
      if (r.right > limit + 0.5) {
        const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')}`
        wide.push(`${name} right=${Math.round(r.right)}`)
      }
    }
    // a drop-down too narrow for its chosen option cuts the words ("Sent and receive")
    const measure = document.createElement('canvas').getContext('2d')!
    for (const el of document.querySelectorAll('select')) {
      const r = el.getBoundingClientRect()
      const text = el.selectedOptions[0]?.textContent ?? ''
      if (r.width === 0 || !text) continue
      const css = getComputedStyle(el)
      measure.font = css.font
      const room = el.clientWidth - Number.parseFloat(css.paddingLeft) - Number.parseFloat(css.paddingRight) - ARROW_PX
      if (measure.measureText(text).width > room) wide.push(`select#${el.id} cuts "${text}"`)
    }
    return wide
  }, SELECT_ARROW_PX)
}

/** Onboarding's NWC form: the string tested and saved, until the wallet's balance shows. */
export async function addNwcAccount(page: Page, uri: string, balance: RegExp) {
  await page.getByLabel('A Nostr Wallet Connect string').check()
  await expect.poll(() => page.getByLabel('Service address').count()).toBe(0)
  await page.getByLabel('Connection string', { exact: true }).fill(uri)
  await page.getByRole('button', { name: 'Test connection' }).click()
  await waitVisible(page, balance, 15_000)
  await page.getByRole('button', { name: 'Save and connect' }).click()
  const nav = page.getByRole('navigation').first()
  await nav.getByRole('button', { name: 'Receive', exact: true }).waitFor({ timeout: 15_000 })
  return nav
}
