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
