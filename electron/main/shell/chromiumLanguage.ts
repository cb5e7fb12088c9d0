// Chromium writes a date field (`<input type="date">`: the history's From and To, a connection's
// expiry) in its own language, which is fixed when it starts (`--lang`). So the saved language is
// read before `ready` and handed to it; "system" leaves Chromium on the OS's. A language chosen
// later reaches date fields at the next start (docs/i18n.md, "Numbers, dates, money").
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { Language } from '@shared/i18n/language'

/** settings.json is a few KB; anything far larger is not read before the window opens */
const MAX_BYTES = 1 << 20

/** The language to start Chromium in, from settings.json's text: null for "system" or unreadable. */
export function chromiumLanguage(settingsText: string): string | null {
  try {
    const saved = Language.safeParse(
      (JSON.parse(settingsText) as { settings?: { language?: unknown } })?.settings?.language,
    )
    return saved.success && saved.data !== 'system' ? saved.data : null
  } catch {
    return null
  }
}

/** Before `ready`: Chromium started in the saved language, when one is chosen. */
export function startChromiumInSavedLanguage(app: {
  getPath(name: 'userData'): string
  commandLine: { appendSwitch(name: string, value?: string): void }
}): void {
  try {
    const file = join(app.getPath('userData'), 'settings.json')
    if (statSync(file).size > MAX_BYTES) return
    const lang = chromiumLanguage(readFileSync(file, 'utf8'))
    if (lang) app.commandLine.appendSwitch('lang', lang)
  } catch {
    // no settings yet (the first start): the OS's language
  }
}
