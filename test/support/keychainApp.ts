// TEST ONLY: the app's core for a child process a test starts and starts again: its userData and
// keychain service come from the environment (LT_DIR, LT_SERVICE), so the next run finds the
// account and its key; nothing is shown or logged. Run under scripts/with-keyring.sh.
import { APP_VERSION } from '../../dev/preview/version'
import { type AppDeps, createApp } from '../../electron/main/app/createApp'
import { createKeytarStore } from '../../electron/main/services/secrets'

export function keychainApp(extra: Partial<AppDeps> = {}) {
  return createApp({
    userDataDir: process.env.LT_DIR ?? '',
    secretStore: createKeytarStore(process.env.LT_SERVICE ?? ''),
    notifier: { show() {}, isSupported: () => true },
    emit() {},
    appVersion: APP_VERSION,
    logSink: () => {},
    ...extra,
  })
}
