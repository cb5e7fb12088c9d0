// The floor: the least a React + react-dom + zustand page can be. It shows one balance from a
// store, so "first balance painted" means the same thing here as in the app.
import { createElement, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { create } from 'zustand'

const useBalance = create<{ sats: number }>(() => ({ sats: 123_456 }))

function Balance() {
  const sats = useBalance((s) => s.sats)
  return createElement('p', { className: 'balance' }, `${sats.toLocaleString('en-US')} sats`)
}

const root = document.getElementById('root')
if (root) createRoot(root).render(createElement(StrictMode, null, createElement(Balance)))
