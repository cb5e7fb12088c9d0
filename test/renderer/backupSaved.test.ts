// What Save says after a backup: the file and what it holds, and, when settings.json keeps accounts
// of a kind this version does not know, that the file does not hold them.
import { expect, test } from 'vitest'
import { savedWords } from '../../renderer/src/components/BackupSaveForm'

const saved = (count: number, kinds: string[] = []) =>
  savedWords({
    file: { status: 'saved', fileName: 'lightning-tray-2026-12-02.ltbackup' },
    accounts: 2,
    keys: 0,
    leftOut: { count, kinds },
  })

test('a backup of every account says nothing of accounts left out', () => {
  expect(saved(0)).toBe(
    'Backup saved as lightning-tray-2026-12-02.ltbackup (2 accounts, no API keys). Keep the passphrase: without it the file cannot be opened.',
  )
})

test('an account kept for a newer version is named as not in the file, one or several', () => {
  expect(saved(1, ['memory'])).toMatch(
    /cannot be opened\. An account of a kind this version does not know \(memory\) is not in it: back it up with the version that added it\.$/,
  )
  expect(saved(3, ['memory', 'ark'])).toMatch(
    /3 accounts of a kind this version does not know \(memory, ark\) are not in it: back them up with the version that added them\.$/,
  )
})
