// Every screen but Home loads on demand (App.tsx). Shortly after Home has shown the first balance,
// the tabs' code is fetched ahead. A screen whose code is here renders at once;
// through React.lazy it would suspend once even with its code loaded, and React holds a revealed
// Suspense boundary back for 300 ms, which made every first visit 300 ms slower than a second
// (bench/screens.ts measures first against second visits).
import { type ComponentType, createElement, lazy } from 'react'
import { visibleTimeout } from '../lib/visibleTimers'

function onDemand<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | null = null
  const preload = () =>
    load().then((m) => {
      loaded = m.default
      return m
    })
  const Lazy = lazy(preload)
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen, at module level (below), never while rendering
  const Screen = (props: P) => createElement(loaded ?? Lazy, props)
  return { Screen, preload }
}

export const screens = {
  onboarding: onDemand(() => import('./Onboarding')),
  transactions: onDemand(() => import('./Transactions')),
  transactionDetail: onDemand(() => import('./TransactionDetail')),
  receive: onDemand(() => import('./Receive')),
  send: onDemand(() => import('./Send')),
  withdraw: onDemand(() => import('./Withdraw')),
  scan: onDemand(() => import('./Scan')),
  settings: onDemand(() => import('./Settings')),
  claim: onDemand(() => import('./Claim')),
  pair: onDemand(() => import('./Pair')),
}

/** the tabs a person reaches from Home; onboarding and a claim come before or from outside */
const TABS = ['transactions', 'transactionDetail', 'receive', 'send', 'withdraw', 'scan', 'settings'] as const

let prefetched = false

export function prefetchScreens(): void {
  if (prefetched || typeof window === 'undefined') return
  prefetched = true
  const fetchAll = () => {
    // a chunk that fails to load here is loaded (and its failure shown) on the visit instead
    for (const name of TABS) screens[name].preload().catch(() => {})
  }
  // shortly after the first balances, while the window is shown (a hidden one fetches nothing)
  visibleTimeout(fetchAll, 300)
}
