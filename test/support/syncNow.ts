// What the app's sync loop does on its next tick, done now and waited for: every account read,
// until the first sync of each of its wallets is through (a large history takes several reads).
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
