// Short confirmations ("Copied", "QR image copied") go away by themselves after about 2 s, are
// announced politely to screen readers, and leave no timer behind when their component goes.
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { CopyButton } from '../../renderer/src/components/CopyButton'
import { createFlash, FLASH_MS } from '../../renderer/src/lib/flash'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

function flashWithLog() {
  const shown: string[] = []
  const flash = createFlash((m) => shown.push(m))
  return { flash, shown, now: () => shown.at(-1) ?? '' }
}

test('a confirmation shows, then goes back to nothing after about 2 s', () => {
  const { flash, now } = flashWithLog()
  expect(FLASH_MS).toBeGreaterThanOrEqual(1500)
  expect(FLASH_MS).toBeLessThanOrEqual(3000)
  flash.show('Copied')
  expect(now()).toBe('Copied')
  vi.advanceTimersByTime(FLASH_MS - 1)
  expect(now()).toBe('Copied')
  vi.advanceTimersByTime(1)
  expect(now()).toBe('')
  expect(vi.getTimerCount()).toBe(0)
})

test('a second copy starts the 2 s again, with one timer only', () => {
  const { flash, now } = flashWithLog()
  flash.show('Copied')
  vi.advanceTimersByTime(FLASH_MS - 100)
  flash.show('Copied')
  expect(vi.getTimerCount()).toBe(1)
  vi.advanceTimersByTime(FLASH_MS - 1)
  expect(now()).toBe('Copied')
  vi.advanceTimersByTime(1)
  expect(now()).toBe('')
})

test('a refusal stays (it says what to do instead) and cancels a pending clear', () => {
  const { flash, now } = flashWithLog()
  flash.show('Copied')
  flash.show('Copying was refused; select the text instead.', { stay: true })
  vi.advanceTimersByTime(FLASH_MS * 5)
  expect(now()).toBe('Copying was refused; select the text instead.')
})

test('dispose (the component unmounts) clears the timer: nothing is set afterwards', () => {
  const { flash, shown } = flashWithLog()
  flash.show('Copied')
  flash.dispose()
  expect(vi.getTimerCount()).toBe(0)
  vi.advanceTimersByTime(FLASH_MS * 2)
  expect(shown).toEqual(['Copied'])
})

test('the copy button announces its result in a polite live region', () => {
  const html = renderToString(<CopyButton text="lnbc1" label="Copy the invoice" />)
  expect(html).toMatch(/<span[^>]*role="status"[^>]*aria-live="polite"|<span[^>]*aria-live="polite"[^>]*role="status"/)
  expect(html).toContain('aria-label="Copy the invoice"')
})
