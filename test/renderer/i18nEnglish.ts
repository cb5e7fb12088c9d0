// Unit tests render screens and read store messages in English: the catalog the page fetches
// before its first screen (renderer/src/i18n) is loaded here before any test runs.
import { setLanguage } from '../../renderer/src/i18n'

await setLanguage('en')
