// The restore's sentence naming the settings this profile kept stricter (issue 41, finding 2).
import { DEFAULT_SETTINGS, KeptSetting } from '@shared/contract'
import { expect, test } from 'vitest'
import { keptSentence } from '../../renderer/src/lib/keptSettings'

const settings = { ...DEFAULT_SETTINGS, lock: { ...DEFAULT_SETTINGS.lock, idleMinutes: 1 } }

test('names each kept setting, the idle lock with its minutes; nothing kept, no sentence', () => {
  expect(keptSentence(['hideBalances', 'notifications', 'lock.idleMinutes'], settings)).toBe(
    'These settings were stricter here than in the backup, so they stayed: Hide balances on, notifications off, and locking after 1 minute unused.',
  )
  expect(keptSentence([], settings)).toBeNull()
  // every setting main may name has words of its own
  const all = keptSentence(KeptSetting.options, { ...settings, lock: { ...settings.lock, idleMinutes: 5 } })
  expect(all).toContain('locking after 5 minutes unused')
  expect(all?.split(': ')[1]?.split(', ')).toHaveLength(KeptSetting.options.length)
})
