// Asks for what the first screen needs while the main bundle is still loading: the lock's state,
// the settings (language, theme, hidden amounts), the accounts and the balances. A plain script
// (not bundled) so it runs during parsing, right after the bridge (preload or preview) has made
// `window.wallet`. The bundle takes each answer once (api.ts, `early`).

try {
  const arrived = {}
  // each answer is also kept once it is in, so the bundle can show it in its first render
  const ask = (name) => {
    const sent = window.wallet.invoke(name, {})
    sent.then(
      (r) => (arrived[name] = r),
      () => {},
    )
    return sent
  }
  window.__earlyIn = arrived
  window.__early = {
    'lock.status': ask('lock.status'),
    'settings.get': ask('settings.get'),
    'accounts.list': ask('accounts.list'),
    'wallets.list': ask('wallets.list'),
  }
} catch {
  // no bridge: the app asks again, and reports it, once it runs
}

// The page's first Intl formatter loads the browser's locale data: 50 to 150 ms on these machines,
// and the first screen cannot show without it (its amounts, dates and messages). Made in the
// first idle moment (while the page waits for the bundle, an answer or the messages' chunk), that
// time is spent waiting anyway instead of after it. With no idle moment, the app pays it as before.
if (typeof requestIdleCallback === 'function') {
  requestIdleCallback(() => {
    try {
      new Intl.NumberFormat().format(0)
    } catch {
      // nothing to warm: the app formats (and reports) on its own
    }
  })
}
