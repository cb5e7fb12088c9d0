// The browser side of the preview bridge, served at the head of the page's first classic script
// (the app's early.js), or as /__bridge.js for a page without one: same-origin either way, so the
// renderer's CSP `script-src 'self'` allows it. It defines `window.wallet` (WalletApi from
// @shared/api) before any script of the page runs. Plain ES2020, no build step: it is sent as is.
export const BRIDGE_PATH = '/__bridge.js'
export const TOKEN_HEADER = 'x-preview-token'
const STORAGE_KEY = 'lightning-tray-preview-token'

export const bridgeScript = `(() => {
  'use strict'
  // The token arrives in the URL fragment (never sent to a server, never in Referer). Keep it for
  // reloads of this tab, then take it out of the address bar so the app's own routing is untouched.
  const match = /(?:^#|&)token=([0-9a-f]{64})(?:&|$)/.exec(location.hash)
  let token = null
  try {
    if (match) sessionStorage.setItem(${JSON.stringify(STORAGE_KEY)}, match[1])
    token = sessionStorage.getItem(${JSON.stringify(STORAGE_KEY)})
  } catch {
    token = match ? match[1] : null
  }
  if (match) history.replaceState(history.state, '', location.pathname + location.search)

  const failure = (code, message, retryable) => ({ ok: false, error: { code, message, retryable } })

  async function invoke(name, input) {
    let res
    try {
      res = await fetch('/__rpc/' + encodeURIComponent(name), {
        method: 'POST',
        headers: { ${JSON.stringify(TOKEN_HEADER)}: token || '', 'content-type': 'application/json' },
        body: input === undefined ? '' : JSON.stringify(input),
        credentials: 'omit',
        cache: 'no-store',
      })
    } catch {
      return failure('network', 'The preview server cannot be reached. Is npm run demo:web still running?', true)
    }
    try {
      const body = await res.json()
      if (body && typeof body === 'object' && typeof body.ok === 'boolean') return body
    } catch {}
    return failure('internal', 'The preview server sent an answer the app does not understand.', false)
  }

  const listeners = new Map()
  let source = null
  function connect() {
    if (source) return
    source = new EventSource('/__events?token=' + encodeURIComponent(token || ''))
    source.onmessage = (message) => {
      let event
      try {
        event = JSON.parse(message.data)
      } catch {
        return
      }
      const set = listeners.get(event && event.name)
      if (!set) return
      for (const listener of [...set]) {
        try {
          listener(event.payload)
        } catch (err) {
          console.error(err)
        }
      }
    }
  }

  function on(name, listener) {
    let set = listeners.get(name)
    if (!set) listeners.set(name, (set = new Set()))
    set.add(listener)
    connect()
    return () => {
      set.delete(listener)
    }
  }

  Object.defineProperty(window, 'wallet', {
    value: Object.freeze({ invoke, on }),
    writable: false,
    configurable: false,
    enumerable: true,
  })
})()
`
