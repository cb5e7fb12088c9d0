// The floor: the least a React + react-dom + zustand page can be. It shows one balance from a
// store, so "first balance painted" means the same thing here as in the app. With `?rows` it shows
// a 100-row table and a Next button instead: the floor for a page change (data already in memory).
import { createElement as h, StrictMode, useEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { create } from 'zustand'

const useFloor = create<{ sats: number; page: number }>(() => ({ sats: 123_456, page: 1 }))

function Balance() {
  const sats = useFloor((s) => s.sats)
  // the same mark, set the same way, as the app's Home screen
  useEffect(() => {
    performance.mark('lt:first-balance')
  }, [])
  return h('p', { className: 'balance' }, `${sats.toLocaleString('en-US')} sats`)
}

function Rows() {
  const page = useFloor((s) => s.page)
  const rows = Array.from({ length: 100 }, (_, i) => {
    const n = (page - 1) * 100 + i
    return h('tr', { key: n }, h('td', null, `#${n}`), h('td', null, `${n * 7} sats`), h('td', null, `memo ${n}`))
  })
  return h(
    'div',
    null,
    h('table', { className: 'tx' }, h('tbody', null, rows)),
    h(
      'nav',
      { className: 'pager' },
      h('button', { type: 'button', onClick: () => useFloor.setState({ page: page + 1 }) }, 'Next'),
    ),
  )
}

const root = document.getElementById('root')
const view = location.search.includes('rows') ? Rows : Balance
if (root) createRoot(root).render(h(StrictMode, null, h(view)))
