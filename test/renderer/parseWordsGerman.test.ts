// A parse refusal reaches Send in the person's language: @shared gives a message id and the
// store says it with the chosen catalog, also with a placeholder (the link's scheme) filled in.
import { afterEach, expect, test } from 'vitest'
import { setLanguage } from '../../renderer/src/i18n'
import { useSend } from '../../renderer/src/stores/send'
import { installFakeWallet } from './fakeWallet'

afterEach(async () => {
  await setLanguage('en')
})

test('Send says why a text is no payment request in German, and in English again', async () => {
  installFakeWallet()
  await setLanguage('de')
  await useSend.getState().probe('hello')
  expect(useSend.getState().formError?.message).toBe(
    'Das ist weder eine Lightning-Adresse noch eine LNURL oder eine Lightning-Rechnung.',
  )
  await useSend.getState().probe('javascript:alert(1)')
  expect(useSend.getState().formError?.message).toBe(
    'Das ist ein javascript:-Link, keine Zahlungsanforderung. Er wurde nicht geöffnet.',
  )

  await setLanguage('en')
  await useSend.getState().probe('javascript:alert(1)')
  expect(useSend.getState().formError?.message).toBe(
    'This is a javascript: link, not a payment request. It was not opened.',
  )
})
