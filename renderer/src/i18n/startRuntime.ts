// Imported first by main.tsx: asks for the formatter and English (./runtime) before the rest of
// the entry is evaluated, so its chunk arrives while the app's modules run instead of after them.
// Nothing is shown before it is in (stores/lock.ts waits for the catalog through setLanguage).
import { preloadI18n } from './index'

preloadI18n()
// With the messages' chunk and the early reads on their way, the first Intl formatter loads the
// browser's locale data now (50 to 150 ms here, unless early.js did it in an idle moment): the
// first screen cannot show without it, and made now it overlaps those fetches instead of
// following them (react-intl's createIntl paid it once the chunk was in).
try {
  new Intl.NumberFormat().format(0)
} catch {
  // nothing to load ahead: the formatters report their own errors
}
