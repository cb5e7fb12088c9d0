// The main window's webPreferences, written out: tests compare the real options to this object
// exactly, so a dropped flag or an added one (enableBlinkFeatures, partition…) fails. It repeats
// mainWindowOptions (electron/main/shell/window.ts) on purpose: a test must state the secure
// values itself, not import them from the code it checks.
export function secureWebPreferences(opts: { preload: string; devTools: boolean }) {
  return {
    preload: opts.preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    enableWebSQL: false,
    spellcheck: false,
    devTools: opts.devTools,
  }
}
