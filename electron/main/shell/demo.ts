// `npm run demo` starts the local simulator and passes its URL and demo key in the environment.
// With no account yet, the app connects that one, key kept in memory only (it is the simulator's
// fake money, and a demo must not leave a key in the person's keychain). Only an unpackaged app
// (`npm run demo`, `electron .`) reads them: an installed app ignores its environment here, so no
// launcher, shell profile or other program can point it at a service and key of its choosing.

export interface DemoEnv {
  LT_DEMO_BASE_URL?: string | undefined
  LT_DEMO_API_KEY?: string | undefined
  /** `npm run demo -- --flavor lnbits`: the LNbits simulator's admin keys, comma-separated, instead of an API key */
  LT_DEMO_LNBITS_KEYS?: string | undefined
  /** the demo's price source on loopback (scripts/demo.ts): live and history endpoints */
  LT_DEMO_RATE_URL?: string | undefined
  LT_DEMO_RATE_HISTORY_URL?: string | undefined
}

/**
 * The price sources: the demo's loopback ones when `npm run demo` set them (an unpackaged app
 * only, and only http on 127.0.0.1, for the same reason as the account above), else the app's.
 */
export function demoRateSources(
  env: DemoEnv,
  opts: { isPackaged: boolean },
  app: { sourceUrl: string; historyUrl: string },
): { sourceUrl: string; historyUrl: string } {
  const loopback = (u: string | undefined) => {
    try {
      const url = new URL(u ?? '')
      return url.protocol === 'http:' && url.hostname === '127.0.0.1' ? url.toString() : null
    } catch {
      return null
    }
  }
  const live = loopback(env.LT_DEMO_RATE_URL)
  const history = loopback(env.LT_DEMO_RATE_HISTORY_URL)
  if (opts.isPackaged || !live || !history) return app
  return { sourceUrl: live, historyUrl: history }
}

export interface RouterForDemo {
  handle(name: string, input: unknown): Promise<{ ok: boolean; value?: unknown; error?: { message: string } }>
}

export type DemoOutcome = 'not-demo' | 'already-connected' | 'connected' | { failed: string }

export async function connectDemoAccount(
  router: RouterForDemo,
  env: DemoEnv,
  opts: { isPackaged: boolean },
): Promise<DemoOutcome> {
  if (opts.isPackaged) return 'not-demo'
  const baseUrl = env.LT_DEMO_BASE_URL
  const apiKey = env.LT_DEMO_API_KEY
  const lnbitsKeys = env.LT_DEMO_LNBITS_KEYS?.split(',').filter(Boolean) ?? []
  if (!baseUrl || (!apiKey && lnbitsKeys.length === 0)) return 'not-demo'
  // In-process calls (no sender) go through the same validation as the renderer's.
  const list = await router.handle('accounts.list', {})
  if (!list.ok) return { failed: list.error?.message ?? 'could not list accounts' }
  if ((list.value as { accounts: unknown[] }).accounts.length > 0) return 'already-connected'
  const label = 'Demo (local simulator)'
  const connected = await router.handle(
    'accounts.connect',
    lnbitsKeys.length > 0
      ? { kind: 'lnbits', baseUrl, keys: lnbitsKeys, label, storage: 'memory' }
      : { kind: 'service', baseUrl, apiKey, label, storage: 'memory' },
  )
  return connected.ok ? 'connected' : { failed: connected.error?.message ?? 'could not connect' }
}
