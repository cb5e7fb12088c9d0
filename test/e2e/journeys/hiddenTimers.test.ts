// With the window hidden no renderer timer fires: the invoice countdown (and every other timer)
// stands still, and catches up as soon as the window shows again, before any timer has run.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type OpenedApp, openApp } from '../harness'
import { installTimerProbe, probeSeconds, setHidden, timerCounts, timersWhileHidden } from '../timerProbe'
import { navTo, waitVisible } from './support'

let o: OpenedApp
beforeAll(async () => {
  o = await openApp({ seed: 'demo' })
  await installTimerProbe(o.page)
})
afterAll(() => o?.close())

const countdown = () =>
  o.page
    .getByText(/^Expires in /)
    .first()
    .textContent()

test('hidden, the countdown and every other timer stop; shown, the countdown catches up at once', async () => {
  await navTo(o.page, 'Receive')
  await o.page.getByLabel('Amount (sats)').fill('21')
  await o.page.getByRole('button', { name: 'Create invoice' }).click()
  await waitVisible(o.page, 'Waiting for payment')
  await expect.poll(countdown).toMatch(/^Expires in \d/)

  const counts = await timersWhileHidden(o.page, 2)
  // the probe sees the countdown's ticks while shown…
  expect(counts.visible).toBeGreaterThanOrEqual(2)
  // …and nothing at all while hidden
  expect(counts.hidden).toBe(0)

  await setHidden(o.page, true)
  const frozen = await countdown()
  await probeSeconds(o.page, 3) // the countdown's 1 s interval would have ticked twice

  expect(await countdown()).toBe(frozen)
  expect((await timerCounts(o.page)).hidden).toBe(0)

  // Shown again: the countdown text changes before any timer callback has run (the catch-up runs
  // in the visibilitychange handler, not on the next tick).
  const caughtUp = (await o.page.evaluate(`new Promise((resolve) => {
    const el = [...document.querySelectorAll('p')].find((p) => p.textContent.startsWith('Expires in '))
    const before = window.__timerProbe.counts().visible
    new MutationObserver((_, observer) => {
      observer.disconnect()
      resolve({ timersSinceShown: window.__timerProbe.counts().visible - before, text: el.textContent })
    }).observe(el, { subtree: true, characterData: true, childList: true })
    window.__timerProbe.setHidden(false)
  })`)) as { timersSinceShown: number; text: string }
  expect(caughtUp.timersSinceShown).toBe(0)
  expect(caughtUp.text).not.toBe(frozen)
  expect(o.pageErrors).toEqual([])
})
