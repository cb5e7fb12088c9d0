// Asks for the balances while the main bundle is still loading, so the first screen's data is on
// its way early. A plain script (not bundled) so it runs during parsing, right after the bridge
// (preload or preview) has made `window.wallet`. The bundle picks the answer up (api.ts).

try {
  window.__firstWallets = window.wallet.invoke('wallets.list', {})
} catch {
  // no bridge: the app asks again, and reports it, once it runs
}
