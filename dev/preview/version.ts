// The app's version outside Electron (the preview, tests, benchmarks): package.json's, the same
// field Electron's app.getVersion() reads, so every run says the one real version.
import pkg from '../../package.json' with { type: 'json' }

export const APP_VERSION: string = pkg.version
