// TEST ONLY: the app's core in this process with its keys in memory: a userData folder the test
// made, nothing shown, emitted or logged. `extra` replaces any of its parts.
import { APP_VERSION } from '../../dev/preview/version'
import { type AppDeps, createApp } from '../../electron/main/app/createApp'
import { createMemoryStore } from '../../electron/main/services/secrets'

export function memoryApp(userDataDir: string, extra: Partial<AppDeps> = {}) {
  return createApp({
    userDataDir,
    secretStore: createMemoryStore(),
    notifier: { show() {}, isSupported: () => true },
    emit: () => {},
    appVersion: APP_VERSION,
    logSink: () => {},
    ...extra,
  })
}
