// The total, painted by the page's first script as soon as main's four answers are in, before the
// bundle (React, the catalogs, the app) has even been evaluated: about half the time to the first
// balance is that evaluation (docs/first-screen.md, "The first screen"). It is the top of Home as
// React draws it (the same elements and classes, so the same place on screen), inert and without
// the tab bar's icons; `main.tsx` takes it out in the same task as React's first render.
//
// It paints only what Home would show at that moment: nothing while the app is locked, without an
// account or a wallet, or when an answer failed; the mask when balances are hidden (written by
// lib/amountText.ts, as every amount of the app); the language and theme the settings say. Text
// from outside (the account's name) goes in as text, never as markup.
import { totalBalanceMsat } from '@shared/balances'
import type { OpOutput } from '@shared/contract'
import type { Result } from '@shared/errors'
import type { EarlyWords } from '@shared/i18n/earlyWords'
import { resolveLocale } from '@shared/i18n/locales'
import { msatText } from '../lib/amountText'
import type { EarlyOp } from './reads'

export type EarlyAnswers = { [K in EarlyOp]: Result<OpOutput<K>> }

/** What the paint shows, or null when Home would not show a balance now. */
export interface EarlyTotal {
  theme: OpOutput<'settings.get'>['theme']
  locale: string
  /** the account's name and key hint, as Home's account line writes them */
  account: string
  /** several accounts: Home shows a switcher, one line tall, instead of the plain line */
  switcher: boolean
  /** a passphrase is set: Home's head has "Lock now" */
  lockNow: boolean
  /** the total as Home's Amount writes it (the mask while balances are hidden) */
  text: string
  hidden: boolean
}

export function earlyTotal(a: EarlyAnswers, systemLanguages: readonly string[]): EarlyTotal | null {
  const [lock, settings, accounts, wallets] = [
    a['lock.status'],
    a['settings.get'],
    a['accounts.list'],
    a['wallets.list'],
  ]
  if (!lock.ok || !settings.ok || !accounts.ok || !wallets.ok) return null
  if (lock.value.locked) return null
  const active = accounts.value.accounts.find((x) => x.id === accounts.value.activeId)
  if (!active || wallets.value.wallets.length === 0) return null
  const locale = resolveLocale(settings.value.language, systemLanguages)
  const hidden = settings.value.hideBalances
  return {
    theme: settings.value.theme,
    locale,
    account: `${active.label} · ${active.keyHint}`,
    switcher: accounts.value.accounts.length > 1,
    lockNow: lock.value.set,
    text: msatText(totalBalanceMsat(wallets.value.wallets), hidden, { locale }),
    hidden,
  }
}

type Child = Node | string
function el(tag: string, attrs: Record<string, string>, ...children: Child[]): HTMLElement {
  const node = document.createElement(tag)
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v)
  for (const c of children) node.append(c) // strings become text nodes
  return node
}
/** An empty icon of the real one's size, so the rows keep their height. */
function iconSpace(size: number): SVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg')
  svg.setAttribute('width', String(size))
  svg.setAttribute('height', String(size))
  svg.setAttribute('aria-hidden', 'true')
  return svg
}

/** The top of Home with the total, as the element `main.tsx` takes out before React renders. */
export function earlyElement(shown: EarlyTotal, words: EarlyWords[string]): HTMLElement {
  const head = el('div', { class: 'screen-head' })
  const account = shown.switcher
    ? el(
        'div',
        { class: 'account-switch small' },
        el('button', { type: 'button', class: 'account-button' }, el('span', {}, shown.account), iconSpace(16)),
      )
    : el('p', { class: 'muted small account-line' }, shown.account)
  // the account and "Lock now" share the head's row, as on React's Home (Screen's `lead`)
  head.append(account)
  if (shown.lockNow)
    head.append(el('button', { type: 'button', class: 'lock-now' }, iconSpace(16), el('span', {}, words.lockNow)))
  const amount = el('span', { class: 'amount-value', ...(shown.hidden ? { 'data-hidden': 'true' } : {}) }, shown.text)
  const total = el(
    'div',
    { class: 'total-block' },
    el(
      'div',
      { class: 'total-main' },
      el('p', { class: 'total-label muted small' }, words.total),
      el('p', { class: 'total' }, el('strong', { 'data-testid': 'total' }, amount)),
    ),
  )
  // inert: nothing here can be focused or clicked, and screen readers wait for the app's own
  return el(
    'div',
    { class: 'app', 'data-early': '', inert: '', 'aria-busy': 'true' },
    el('nav', { class: 'tabs' }, el('button', { type: 'button' }, iconSpace(20))),
    el('main', {}, el('section', { class: 'screen' }, head, total)),
  )
}

/**
 * Paints the total into `root` if it is still empty (React has not rendered), with the theme and
 * language the settings say. Returns whether it painted.
 */
export function paintEarly(root: HTMLElement, shown: EarlyTotal | null, words: EarlyWords): boolean {
  if (!shown || root.firstChild) return false
  const said = words[shown.locale] ?? words.en
  if (!said) return false
  document.documentElement.dataset.theme = shown.theme
  document.documentElement.lang = shown.locale
  root.append(earlyElement(shown, said))
  // for the benchmark: the first balance's digits are in the DOM (Home marks it when it paints first)
  if (!shown.hidden) performance.mark('lt:first-balance')
  return true
}
