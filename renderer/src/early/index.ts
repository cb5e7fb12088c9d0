// The page's first script: a classic script (built on its own as an IIFE by
// scripts/lib/earlyScript.ts), so it runs while the page is parsed, before the module bundle. It
// sends the first screen's reads and paints the total as soon as they are in (./paint.ts).
import type { EarlyWords } from '@shared/i18n/earlyWords'
import { earlyTotal, paintEarly } from './paint'
import { sendReads, warmIntl } from './reads'

/** The catalogs' words the paint uses, put in by the build (scripts/lib/earlyScript.ts). */
declare const __EARLY_WORDS__: EarlyWords

const reads = sendReads()
warmIntl()
if (reads) {
  Promise.all([reads['lock.status'], reads['settings.get'], reads['accounts.list'], reads['wallets.list']]).then(
    ([lock, settings, accounts, wallets]) => {
      try {
        const root = document.getElementById('root')
        const languages = navigator.languages ?? [navigator.language]
        const answers = {
          'lock.status': lock,
          'settings.get': settings,
          'accounts.list': accounts,
          'wallets.list': wallets,
        }
        if (root) paintEarly(root, earlyTotal(answers, languages), __EARLY_WORDS__)
      } catch {
        // an answer of another shape: nothing early; the app reads it again and reports it
      }
    },
    () => {}, // a broken bridge: nothing early; the app asks again and says what failed
  )
}
