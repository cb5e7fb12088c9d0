// A payment to the wallet's permanent QR reads in the words the Receive screen uses for it, in each
// language (field report: "Received to lightning address · LNURL PAY").
import { afterEach, expect, test } from 'vitest'
import { setLanguage } from '../../renderer/src/i18n'
import { localWords } from '../../renderer/src/i18n/txWords'

afterEach(() => setLanguage('en'))

test('permanent-QR income is said as the Receive screen names it', async () => {
  const words = { en: 'Received with your permanent QR', de: 'Empfangen über deinen dauerhaften QR' }
  expect(localWords('Received with your permanent QR')).toBe(words.en)
  await setLanguage('de')
  expect(localWords('Received with your permanent QR')).toBe(words.de)
})
