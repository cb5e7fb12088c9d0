// A settings change main refuses until the app's passphrase comes with it (issue 41; docs/
// security.md, "What needs the passphrase"): the page asks for it, sends the same change again with
// it, says when it is wrong, and drops the change on Cancel. Against a fake `window.wallet`.
import { DEFAULT_SETTINGS } from '@shared/contract'
import { renderToString } from 'react-dom/server'
import { beforeEach, expect, test } from 'vitest'
import { PassphraseQuestion } from '../../renderer/src/components/PassphraseAsk'
import { useSettings } from '../../renderer/src/stores/settings'
import { installFakeWallet } from './fakeWallet'

const WHY = 'This change loosens the app lock or shows amounts, so it needs the app’s passphrase.'
const initial = useSettings.getState()
/** the question as the page draws it for the store's state now (the store's hook reads the initial state here) */
const drawn = () => {
  const { asking, saving } = useSettings.getState()
  return asking ? renderToString(<PassphraseQuestion asking={asking} saving={saving} />) : ''
}
let fake: ReturnType<typeof installFakeWallet>
beforeEach(() => {
  fake = installFakeWallet()
  useSettings.setState({ ...initial, settings: { ...DEFAULT_SETTINGS, hideBalances: true }, status: 'ready' }, true)
})

test('a refused change asks for the passphrase, and the same change goes again with it', async () => {
  expect(drawn()).toBe('')
  const answer = fake.deferred('settings.update')
  const asking = useSettings.getState().update({ hideBalances: false })
  // amounts show only once main agrees: not while its answer is on its way
  expect(useSettings.getState().settings?.hideBalances).toBe(true)
  answer({ ok: false, error: { code: 'needs_passphrase', message: WHY, retryable: false } })
  expect(await asking).toBe(false)
  expect(useSettings.getState().settings?.hideBalances).toBe(true)
  expect(useSettings.getState().saveError).toBeNull()
  const asked = drawn()
  expect(asked).toContain(WHY)
  expect(asked).toMatch(/id="ask-passphrase"[^>]*type="password"|type="password"[^>]*id="ask-passphrase"/)
  expect(asked).toContain('Confirm')

  fake.fail('settings.update', 'needs_passphrase', 'That passphrase is not right.')
  expect(await useSettings.getState().answer('a guess')).toBe(false)
  expect(useSettings.getState().asking).toMatchObject({ why: WHY, error: { message: 'That passphrase is not right.' } })
  expect(drawn()).toContain('That passphrase is not right.')

  fake.ok('settings.update', { ...DEFAULT_SETTINGS, hideBalances: false })
  expect(await useSettings.getState().answer('the right one')).toBe(true)
  expect(useSettings.getState().asking).toBeNull()
  expect(useSettings.getState().settings?.hideBalances).toBe(false)
  expect(fake.callsOf('settings.update').map((c) => c.input)).toEqual([
    { hideBalances: false },
    { hideBalances: false, passphrase: 'a guess' },
    { hideBalances: false, passphrase: 'the right one' },
  ])
  expect(drawn()).toBe('')
})

test('Cancel drops the change; another refusal is said as before', async () => {
  fake.fail('settings.update', 'needs_passphrase', WHY)
  await useSettings.getState().update({ hideBalances: false })
  useSettings.getState().dismissAsk()
  expect(useSettings.getState().asking).toBeNull()
  expect(useSettings.getState().settings?.hideBalances).toBe(true)
  fake.fail('settings.update', 'invalid_input', 'Write a shortcut like CommandOrControl+Shift+L.')
  await useSettings.getState().update({ shortcut: 'nonsense' })
  expect(useSettings.getState().asking).toBeNull()
  expect(useSettings.getState().saveError?.code).toBe('invalid_input')
})
