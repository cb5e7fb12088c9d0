// The connect forms' table (renderer/src/lib/connectForms.ts): each kind's fields, filled, make the
// input the contract takes for that kind, and every word of a form is in all four catalogs.
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { type AccountKind, operations } from '@shared/contract'
import { describe, expect, it } from 'vitest'
import { CONNECT_FORMS, initialValues, testInput, withoutSecrets } from '../../renderer/src/lib/connectForms'
import { LOCALES } from '../../shared/i18n/locales'

const filled: Record<AccountKind, Record<string, string>> = {
  service: { baseUrl: ' https://api.example.com ', apiKey: 'sak_abcdefgh', authMethod: 'basic' },
  nwc: { uri: `nostr+walletconnect://${'ab'.repeat(32)}?relay=wss://r.example&secret=${'cd'.repeat(32)}` },
  lnbits: { baseUrl: ' https://lnbits.example.com ', keys: ` ${'ab'.repeat(16)},\n${'CD'.repeat(16)} ` },
}
const kinds = Object.keys(CONNECT_FORMS) as AccountKind[]

describe('connect forms, one per kind of account', () => {
  it.each(kinds)('%s: the filled fields are the input accounts.test and accounts.connect take', (kind) => {
    const values = { ...initialValues(kind), ...filled[kind] }
    expect(CONNECT_FORMS[kind].problem(values)).toBeNull()
    const input = testInput(kind, values)
    expect(input.kind).toBe(kind)
    expect(operations['accounts.test'].input.safeParse(input).success).toBe(true)
    const connect = operations['accounts.connect'].input.safeParse({ ...input, storage: 'memory', label: 'Mine' })
    expect(connect.success).toBe(true)
    // the field names are the input's own: nothing typed is dropped on the way
    for (const f of CONNECT_FORMS[kind].fields) expect(input).toHaveProperty(f.name)
  })

  it.each(kinds)('%s: empty fields are refused before main is asked, and a save leaves no secret', (kind) => {
    expect(CONNECT_FORMS[kind].problem(initialValues(kind))).not.toBeNull()
    const kept = withoutSecrets(kind, { ...initialValues(kind), ...filled[kind] })
    for (const f of CONNECT_FORMS[kind].fields) if (f.kind === 'secret') expect(kept[f.name]).toBe('')
  })

  it('speaks every language: each word of every form is in all four catalogs', () => {
    const ids = kinds.flatMap((k) => {
      const form = CONNECT_FORMS[k]
      const fields = form.fields.flatMap((f) => [f.label, f.placeholder, ...(f.options ?? []).map((o) => o.label)])
      return [form.choice, form.help, ...fields].filter((id) => id !== undefined)
    })
    expect(ids.length).toBeGreaterThan(8)
    for (const locale of LOCALES) {
      const catalog = JSON.parse(
        readFileSync(join(resolve(__dirname, '../..'), 'shared/i18n', `${locale}.json`), 'utf8'),
      )
      for (const id of ids) expect(catalog[id], `${locale}: ${id}`).toEqual(expect.any(String))
    }
  })
})
