// What the app's sync loop does on its next tick, done now and waited for: every account read,
// until the first sync of each of its wallets is through (a large history takes several reads);
// or, without forcing anything, the first sync waited for at the app's own pace (historyIn).
import type { App } from '../../electron/main/app/createApp'

export async function syncNow(app: App, rounds = 200): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    app.sync.onResume()
    await app.sync.idle()
    const accountIds = app.accounts.list().accounts.map((a) => a.id)
    if (accountIds.every((id) => app.sync.progress(id).every((p) => p.done))) return
  }
  throw new Error(`the first sync was not through after ${rounds} reads`)
}

/**
 * Waits, by the app's own schedule (nothing forced), until every account's history is stored: what
 * a person who just connected an account waits for. Throws after `timeoutMs`.
 */
export async function historyIn(app: App, timeoutMs: number): Promise<void> {
  const end = performance.now() + timeoutMs
  const allDone = () => {
    const accountIds = app.accounts.list().accounts.map((a) => a.id)
    const progress = accountIds.map((id) => app.sync.progress(id))
    return accountIds.length > 0 && progress.every((p) => p.length > 0 && p.every((w) => w.done))
  }
  for (;;) {
    // A wallet shows in the progress once its first page is stored: one tick may finish a wallet's
    // history before it starts the next wallet's, so "every wallet listed is done" holds only once
    // that tick has ended too.
    if (allDone()) {
      await app.sync.idle()
      if (allDone()) return
    }
    if (performance.now() > end) throw new Error(`the first sync was not through after ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/**
 * Waits, at the app's own pace (nothing forced), for a whole tick of every account begun after this
 * call: whatever that tick tells is told when this resolves. A test that must see that a tick goes
 * by and tells nothing again waits for this instead of for a time. Throws after `timeoutMs`.
 */
export async function wholeTick(app: App, timeoutMs = 60_000): Promise<void> {
  const end = performance.now() + timeoutMs
  const ids = app.accounts.list().accounts.map((a) => a.id)
  const before = ids.map((id) => app.sync.ticks(id))
  while (!ids.every((id, i) => app.sync.ticks(id) > (before[i] ?? 0))) {
    if (performance.now() > end) throw new Error(`no whole tick in ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 20))
  }
  await app.sync.idle()
}
