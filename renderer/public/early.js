// Asks for what the first screen needs while the main bundle is still loading: the lock's state,
// the settings (language, theme, hidden amounts), the accounts and the balances. A plain script
// (not bundled) so it runs during parsing, right after the bridge (preload or preview) has made
// `window.wallet`. The bundle takes each answer once (api.ts, `early`).

try {
  const ask = (name) => window.wallet.invoke(name, {})
  window.__early = {
    'lock.status': ask('lock.status'),
    'settings.get': ask('settings.get'),
    'accounts.list': ask('accounts.list'),
    'wallets.list': ask('wallets.list'),
  }
} catch {
  // no bridge: the app asks again, and reports it, once it runs
}
