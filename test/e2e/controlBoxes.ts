/// <reference lib="dom" />
// What a person could not reach or read on the page as it stands, control by control (issue 45):
// a control whose box lies outside the window sideways (a "Details" pushed off the row), a
// checkbox squashed under 12 px by its long label, a short word of a control broken over two lines
// ("Dismi/ss"), a button's content wider than the button, a placeholder cut at its field's edge, an
// amount running under a control (a 9-digit total under Hide and Refresh), and a wallet's name cut
// short on Home. Each problem is named for the failure message, with its x-range.
import type { Page } from 'playwright-core'

/** What a person can press, type into or reach with Tab. */
export const CONTROLS = 'button, a[href], input, select, textarea, summary, [role="button"], [tabindex]'
/** No checkbox is smaller than this on either side. */
export const CHECKBOX_MIN_PX = 12
/** A word of a control up to this long is never broken over two lines (an address may be). */
const SHORT_WORD = 18

export function controlProblems(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ selector, checkboxMin, shortWord }) => {
      const width = window.innerWidth
      const out: string[] = []
      const shown = (el: Element, r: DOMRect) => {
        if (r.width === 0 && r.height === 0) return false
        const css = getComputedStyle(el)
        if (css.visibility === 'hidden') return false
        // visually hidden on purpose (a screen reader's words): a 1 px box clipped away
        return !(r.width <= 1 && r.height <= 1)
      }
      const name = (el: Element) => {
        const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)
        const id = el.id ? `#${el.id}` : ''
        const type = el.getAttribute('type') ? `[${el.getAttribute('type')}]` : ''
        return `${el.tagName.toLowerCase()}${id}${type} "${text}"`
      }
      const x = (r: DOMRect) => `x ${Math.round(r.left)}–${Math.round(r.right)}`
      const controls = [...document.querySelectorAll(selector)].filter((el) => shown(el, el.getBoundingClientRect()))
      for (const el of controls) {
        const r = el.getBoundingClientRect()
        if (r.left < -0.5 || r.right > width + 0.5) out.push(`${name(el)} outside the window: ${x(r)} of ${width}`)
        // a button's words or icon running out of its own box (cut at its edge or under a neighbour)
        if (el.tagName === 'BUTTON' && getComputedStyle(el).display !== 'inline' && el.scrollWidth > el.clientWidth + 1)
          out.push(`${name(el)} is wider inside than its box: ${el.scrollWidth} of ${el.clientWidth} px`)
        if (
          el instanceof HTMLInputElement &&
          el.type === 'checkbox' &&
          (r.width < checkboxMin || r.height < checkboxMin)
        )
          out.push(`${name(el)} squashed to ${r.width.toFixed(1)}×${r.height.toFixed(1)} px`)
        // a focus target of the screen (its heading, tabindex -1) is text, not a control to press
        if (el.getAttribute('tabindex') === '-1') continue
        for (const word of brokenWords(el, shortWord)) out.push(`${name(el)} breaks "${word}" over two lines`)
      }
      // an amount (never wrapped) running under a control beside it; a menu or a toast over the
      // page covers what is under it by design, so only neighbours of one layer count
      for (const amount of document.querySelectorAll('.amount-value')) {
        const a = amount.getBoundingClientRect()
        if (!shown(amount, a)) continue
        for (const el of controls) {
          if (el.contains(amount) || amount.contains(el) || layer(el) !== layer(amount)) continue
          const c = el.getBoundingClientRect()
          const overlap =
            a.left < c.right - 0.5 && c.left < a.right - 0.5 && a.top < c.bottom - 0.5 && c.top < a.bottom - 0.5
          if (overlap) out.push(`"${amount.textContent}" (${x(a)}) runs under ${name(el)} (${x(c)})`)
        }
      }
      // a placeholder (the hint of what to type) cut at the field's edge
      const measure = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D
      for (const el of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
        'input[placeholder], textarea[placeholder]',
      )) {
        if (el.value !== '' || !shown(el, el.getBoundingClientRect())) continue
        const css = getComputedStyle(el)
        measure.font = css.font
        const room = el.clientWidth - Number.parseFloat(css.paddingLeft) - Number.parseFloat(css.paddingRight)
        // a search field keeps room for its clear button
        const clear = el.type === 'search' ? 16 : 0
        const needed = measure.measureText(el.placeholder).width
        if (needed > room - clear + 0.5)
          out.push(
            `${name(el)} cuts its placeholder "${el.placeholder}" (${Math.round(needed)} of ${Math.round(room - clear)} px)`,
          )
      }
      for (const el of document.querySelectorAll('.wallet-name')) {
        if (el.scrollWidth > el.clientWidth + 1) out.push(`wallet name "${el.textContent}" cut to ${el.clientWidth} px`)
      }
      return out

      /** The overlay (a positioned menu, a toast) `el` is drawn in, or null for the page itself. */
      function layer(el: Element): Element | null {
        for (let at: Element | null = el; at; at = at.parentElement) {
          const position = getComputedStyle(at).position
          if (position === 'fixed' || position === 'absolute') return at
        }
        return null
      }

      /** The short words of `el`'s own text that the layout split over lines (not words kept for screen readers). */
      function brokenWords(el: Element, longest: number): string[] {
        const broken: string[] = []
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const box = node.parentElement?.getBoundingClientRect()
          if (!box || (box.width <= 1 && box.height <= 1)) continue
          const text = node.textContent ?? ''
          for (const m of text.matchAll(/\S+/g)) {
            if (m[0].length > longest || m[0].length < 2) continue
            const range = document.createRange()
            range.setStart(node, m.index ?? 0)
            range.setEnd(node, (m.index ?? 0) + m[0].length)
            const tops = new Set([...range.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top)))
            if (tops.size > 1) broken.push(m[0])
          }
        }
        return broken
      }
    },
    { selector: CONTROLS, checkboxMin: CHECKBOX_MIN_PX, shortWord: SHORT_WORD },
  )
}
