// Screenshots of the main screens at tray size (360×600) and window size (1280×800), light and dark,
// in English and in German (the longest language), from the production build against the simulator. Always taken and checked; copied to docs/screenshots/ (for the README) when
// UPDATE_SCREENSHOTS=1, so a normal test run leaves the tree unchanged.
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Loopback, serve } from '../../electron/services/loopback'
import { syncNow } from '../../support/syncNow'
import { type OpenedApp, openApp } from '../harness'
import { catalog, chooseLanguage, navTo, waitVisible } from './support'

const DOCS = resolve(import.meta.dirname, '../../../docs/screenshots')
let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'screens-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

async function shoot(o: OpenedApp, name: string, files: string[]) {
  const file = join(dir, `${name}.png`)
  await o.page.evaluate(() => window.scrollTo(0, 0))
  await o.page.screenshot({ path: file, fullPage: false })
  files.push(file)
}

/** The tray popover's size and a desktop window's; one browser, the page resized between rounds. */
const SIZES = [
  { name: 'tray', width: 360, height: 600 },
  { name: 'window', width: 1280, height: 800 },
] as const

let o: OpenedApp
let rates: Loopback
beforeAll(async () => {
  // a price on loopback: amounts show the person's currency beside sats, as they do by default
  rates = await serve((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ bitcoin: { usd: 60_000 } }))
  })
  o = await openApp({ seed: 'demo', rateSource: `${rates.url}/api/v3/simple/price` })
})
afterAll(async () => {
  await o?.close()
  await rates?.close()
})

/** English keeps the README's file names; another language's files end in its code. */
const LOCALES = ['en', 'de'] as const

for (const locale of LOCALES)
  for (const size of SIZES) {
    for (const theme of ['light', 'dark'] as const) {
      test(`main screens at ${size.width}×${size.height} in ${theme}, ${locale}`, async () => {
        const files: string[] = []
        const p = o.page
        const m = catalog(locale)
        await chooseLanguage(o, locale)
        await p.setViewportSize(size)
        await p.emulateMedia({ colorScheme: theme })
        const tag = `${theme}-${size.name}${locale === 'en' ? '' : `-${locale}`}`
        // amounts typed as a person of that language types them: "21.000" in German is 21,000 sats
        const sats = (n: number) => n.toLocaleString(locale)
        const w = o.sim.keys.wallets[0]!
        await navTo(p, m('app.navHome'))
        await waitVisible(p, w.label)
        expect(await p.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
          theme === 'dark' ? 'rgb(21, 21, 26)' : 'rgb(247, 247, 245)',
        )
        await p.getByTestId('total-fiat').waitFor()
        await shoot(o, `home-${tag}`, files)

        // the demo history in the ledger, as the sync loop's first sync brings it
        await syncNow(o.app)
        await navTo(p, m('app.navTransactions'))
        await p.locator('li.history-row').first().waitFor()
        await p.getByTestId('history-price').waitFor()
        await shoot(o, `transactions-${tag}`, files)

        await navTo(p, m('app.navReceive'))
        await p.locator('#amount').fill(sats(21_000))
        await p.locator('#memo').fill(locale === 'de' ? 'Kaffeebohnen' : 'Coffee beans')
        await p.getByRole('button', { name: m('receive.createInvoice') }).click()
        await waitVisible(p, m('receive.waitingForPayment'))
        await waitVisible(p, `${sats(21_000)} sats`) // the amount as typed, read in that language
        await p.getByTestId('invoice-fiat').waitFor()
        await shoot(o, `receive-${tag}`, files)
        await p.getByRole('button', { name: m('receive.newInvoice') }).click()

        await navTo(p, m('app.navSend'))
        await p.locator('#address').fill('alice@sim.example')
        await p.getByRole('button', { name: m('send.lookUp') }).click()
        await p.getByRole('region', { name: m('send.recipient') }).waitFor()
        await p.locator('#send-amount').fill(sats(2_500))
        await shoot(o, `send-${tag}`, files)

        await navTo(p, m('app.navWithdraw'))
        await p.locator('#withdraw-amount').fill(sats(5_000))
        await p.locator('#withdraw-memo').fill(locale === 'de' ? 'Geburtstagsgeschenk' : 'Birthday gift')
        await p.getByRole('button', { name: m('withdraw.createWithdrawLink') }).click()
        await waitVisible(p, m('withdraw.waitingToBeClaimed'))
        await p.getByTestId('withdraw-fiat').waitFor()
        await shoot(o, `withdraw-${tag}`, files)
        await p.getByRole('button', { name: m('withdraw.newWithdrawLink') }).click()

        await navTo(p, m('app.navScan'))
        await shoot(o, `scan-${tag}`, files)

        await navTo(p, m('app.navSettings'))
        await waitVisible(p, m('settings.preferences'))
        await shoot(o, `settings-${tag}`, files)

        for (const f of files) {
          const png = await readFile(f)
          expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
          expect(png.length).toBeGreaterThan(5000)
        }
        if (process.env.UPDATE_SCREENSHOTS === '1') {
          await mkdir(DOCS, { recursive: true })
          for (const f of files) await copyFile(f, join(DOCS, f.split('/').at(-1)!))
        }
        expect(o.pageErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
      })
    }
  }
