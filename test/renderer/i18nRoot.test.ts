// The app's tree is drawn again when the first catalog arrives, although the locale stays
// English: parts drawn before it (the tab bar, on a busy machine) would otherwise keep message ids.
import { expect, test, vi } from 'vitest'

test('the first catalog changes the tree key even when the locale stays English', async () => {
  vi.resetModules() // a page that has not loaded its catalog yet (the setup file loaded English)
  const i18n = await import('../../renderer/src/i18n')
  const { rootKey } = await import('../../renderer/src/i18n/I18nRoot')
  const before = rootKey(i18n.useI18n.getState())
  expect(i18n.t('app.navHome')).toBe('app.navHome')
  await i18n.setLanguage('en')
  expect(i18n.useI18n.getState().locale).toBe('en')
  expect(i18n.t('app.navHome')).toBe('Home')
  expect(rootKey(i18n.useI18n.getState())).not.toBe(before)
})
