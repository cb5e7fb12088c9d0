// `npm run demo` starts the local simulator and passes its URL and demo key in the environment.
// With no account yet, the app connects that one, key kept in memory only (it is the simulator's
// fake money, and a demo must not leave a key in the person's keychain).

export interface DemoEnv {
  LT_DEMO_BASE_URL?: string | undefined
  LT_DEMO_API_KEY?: string | undefined
}

export interface RouterForDemo {
  handle(name: string, input: unknown): Promise<{ ok: boolean; value?: unknown; error?: { message: string } }>
}

export type DemoOutcome = 'not-demo' | 'already-connected' | 'connected' | { failed: string }

export async function connectDemoAccount(router: RouterForDemo, env: DemoEnv): Promise<DemoOutcome> {
  const baseUrl = env.LT_DEMO_BASE_URL
  const apiKey = env.LT_DEMO_API_KEY
  if (!baseUrl || !apiKey) return 'not-demo'
  // In-process calls (no sender) go through the same validation as the renderer's.
  const list = await router.handle('accounts.list', {})
  if (!list.ok) return { failed: list.error?.message ?? 'could not list accounts' }
  if ((list.value as { accounts: unknown[] }).accounts.length > 0) return 'already-connected'
  const connected = await router.handle('accounts.connect', {
    baseUrl,
    apiKey,
    label: 'Demo (local simulator)',
    storage: 'memory',
  })
  return connected.ok ? 'connected' : { failed: connected.error?.message ?? 'could not connect' }
}
