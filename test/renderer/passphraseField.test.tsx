// The one field a secret is typed into (components/PassphraseField.tsx): hidden, named by its
// label alone (the Show button sits outside the label), the autocomplete each use asks for, and its
// own problem tied to it. Show/Hide itself is pressed in Chromium (e2e passphraseField.test.ts).
import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { PassphraseField } from '../../renderer/src/components/PassphraseField'

const drawn = (over: Partial<Parameters<typeof PassphraseField>[0]> = {}) =>
  renderToString(
    <PassphraseField
      id="p"
      label="Backup passphrase"
      value=""
      onValue={() => {}}
      autoComplete="new-password"
      {...over}
    />,
  ).replace(/<!-- -->/g, '')

test('hidden, labelled by its words alone, with a Show beside it that controls it', () => {
  const html = drawn()
  expect(html).toMatch(/<input id="p"[^>]*type="password"/)
  expect(html).toMatch(/autoComplete="new-password"/)
  expect(html).toMatch(/spellCheck="false"/)
  expect(html).toMatch(/<label for="p">Backup passphrase<\/label>/)
  expect(html).toMatch(/<button type="button" class="link" aria-controls="p">Show<\/button>/)
  // the button is not inside the label, so the field's name is not "Backup passphraseShow"
  expect(html.slice(html.indexOf('<label'), html.indexOf('</label>'))).not.toContain('button')
  expect(html).not.toContain('aria-invalid')
})

test('its problem is said under it and tied to it; a check asks the password manager for nothing', () => {
  const html = drawn({ error: 'Use at least 8 characters.', autoComplete: 'off' })
  expect(html).toMatch(/aria-invalid="true"/)
  expect(html).toMatch(/aria-describedby="p-error"/)
  expect(html).toMatch(/<p class="error" role="alert" id="p-error">Use at least 8 characters\.<\/p>/)
  expect(html).toMatch(/autoComplete="off"/)
})
