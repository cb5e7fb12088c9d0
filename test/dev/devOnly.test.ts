// The preview bridge is dev-only: nothing the packaged app is built from may import it.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { expect, test } from 'vitest'

const root = resolve(import.meta.dirname, '../..')

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.(ts|tsx)$/.test(name) ? [path] : []
  })
}

test('no file under electron/, renderer/ or shared/ imports dev/', () => {
  const files = ['electron', 'renderer', 'shared'].flatMap((d) => sources(join(root, d)))
  expect(files.length).toBeGreaterThan(10)
  const offenders = files.filter((f) =>
    /from\s+['"][^'"]*\/dev\/|import\(['"][^'"]*\/dev\//.test(readFileSync(f, 'utf8')),
  )
  expect(offenders).toEqual([])
})
