// Imported first by main.tsx: asks for the formatter and English (./runtime) before the rest of
// the entry is evaluated, so its chunk arrives while the app's modules run instead of after them.
// Nothing is shown before it is in (stores/lock.ts waits for the catalog through setLanguage).
import { preloadI18n } from './index'

preloadI18n()
