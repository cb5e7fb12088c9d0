// Components read a store through selectors, one value each: `useSend()` or `useSend((s) => s)`
// subscribes to the whole store and re-renders the component on every change of anything in it.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const src = fileURLToPath(new URL('../../renderer/src', import.meta.url))

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  )
}

/** the hooks `create` makes in renderer/src/stores */
function storeHooks(): string[] {
  const text = sources(join(src, 'stores')).map((f) => readFileSync(f, 'utf8'))
  return text.flatMap((t) => [...t.matchAll(/export const (use\w+) = create\b/g)].map((m) => m[1] as string))
}

/** `useX()` with no selector, or `useX((s) => s)` selecting the whole state */
function wholeStoreUses(code: string, hooks: readonly string[]): string[] {
  const names = hooks.join('|')
  const re = new RegExp(`\\b(?:${names})\\(\\s*(?:\\)|\\(?\\s*(\\w+)\\s*\\)?\\s*=>\\s*\\1\\s*\\))`, 'g')
  return [...code.matchAll(re)].map((m) => m[0])
}

describe('no component subscribes to a whole store', () => {
  const hooks = storeHooks()

  test('the store hooks are found', () => {
    expect(hooks).toEqual(expect.arrayContaining(['useAccounts', 'useSend', 'useUi', 'useWallets']))
  })

  test('the check sees a whole-store subscription and lets selectors and getState through', () => {
    expect(wholeStoreUses('const { a, b } = useSend()', hooks)).toEqual(['useSend()'])
    expect(wholeStoreUses('const all = useUi((s) => s)', hooks)).toEqual(['useUi((s) => s)'])
    expect(wholeStoreUses('const all = useUi(state => state)', hooks)).toEqual(['useUi(state => state)'])
    expect(wholeStoreUses('const a = useSend((s) => s.a); useSend.getState().reset()', hooks)).toEqual([])
    expect(wholeStoreUses('const w = useWallets((s) => s.wallets.find((w) => w.id === id))', hooks)).toEqual([])
  })

  test('renderer/src has none', () => {
    const found = sources(src).flatMap((f) =>
      wholeStoreUses(readFileSync(f, 'utf8'), hooks).map((u) => `${f.slice(src.length + 1)}: ${u}`),
    )
    expect(found).toEqual([])
  })
})
