// The stale-answer helper every store uses: only the newest call's answer counts, a drop makes the
// calls on their way stale, and an older call undoes only the keys no newer call has claimed.
import { describe, expect, test } from 'vitest'
import { createLatest } from '../../renderer/src/lib/latest'

/** a promise and the function that settles it */
function held<T>() {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('createLatest', () => {
  test('a call answered before the next one starts is not stale', async () => {
    const latest = createLatest()
    expect(await latest.run(async () => 'a')).toEqual({ value: 'a', stale: false, owned: [] })
    expect(await latest.run(async () => 'b')).toEqual({ value: 'b', stale: false, owned: [] })
  })

  test('an older answer arriving after a newer one is stale; the newer one is not', async () => {
    const latest = createLatest()
    const first = held<string>()
    const second = held<string>()
    const older = latest.run(() => first.promise)
    const newer = latest.run(() => second.promise)
    second.resolve('new')
    first.resolve('old')
    expect(await newer).toEqual({ value: 'new', stale: false, owned: [] })
    expect(await older).toEqual({ value: 'old', stale: true, owned: [] })
  })

  test('an older answer arriving first is stale too: a newer call is on its way', async () => {
    const latest = createLatest()
    const first = held<string>()
    const second = held<string>()
    const older = latest.run(() => first.promise)
    const newer = latest.run(() => second.promise)
    first.resolve('old')
    expect((await older).stale).toBe(true)
    second.resolve('new')
    expect((await newer).stale).toBe(false)
  })

  test('an error answer is stale like any other when a newer call came after it', async () => {
    const latest = createLatest()
    const first = held<{ ok: false; error: string }>()
    const older = latest.run(() => first.promise)
    await latest.run(async () => ({ ok: true }))
    first.resolve({ ok: false, error: 'network' })
    expect(await older).toEqual({ value: { ok: false, error: 'network' }, stale: true, owned: [] })
  })

  test('a request that throws rejects run with its error; the next call is tracked as before', async () => {
    const latest = createLatest<'k'>()
    const boom = new Error('bridge down')
    await expect(latest.run(() => Promise.reject(boom), ['k'])).rejects.toBe(boom)
    expect(await latest.run(async () => 1, ['k'])).toEqual({ value: 1, stale: false, owned: ['k'] })
  })

  test('a newer call that throws still makes the older answer stale', async () => {
    const latest = createLatest()
    const first = held<string>()
    const older = latest.run(() => first.promise)
    await expect(latest.run(() => Promise.reject(new Error('x')))).rejects.toThrow('x')
    first.resolve('old')
    expect((await older).stale).toBe(true)
  })

  test('drop makes the calls on their way stale, and the next call is fresh', async () => {
    const latest = createLatest()
    const first = held<string>()
    const pending = latest.run(() => first.promise)
    latest.drop()
    first.resolve('before the drop')
    expect((await pending).stale).toBe(true)
    expect((await latest.run(async () => 'after')).stale).toBe(false)
  })

  test('drop with nothing on its way changes nothing for later calls', async () => {
    const latest = createLatest()
    latest.drop()
    latest.drop()
    expect(await latest.run(async () => 'x')).toEqual({ value: 'x', stale: false, owned: [] })
  })

  test('the request starts at once, once per call', async () => {
    const latest = createLatest()
    let started = 0
    const p = latest.run(async () => ++started)
    expect(started).toBe(1)
    expect((await p).value).toBe(1)
  })

  describe('claims', () => {
    test('an older call owns only the keys no newer call has claimed, answered in either order', async () => {
      const latest = createLatest<'theme' | 'notifications' | 'poll'>()
      const first = held<boolean>()
      const second = held<boolean>()
      const older = latest.run(() => first.promise, ['notifications', 'theme'])
      const newer = latest.run(() => second.promise, ['theme', 'poll'])
      second.resolve(true)
      expect(await newer).toEqual({ value: true, stale: false, owned: ['theme', 'poll'] })
      first.resolve(false)
      expect(await older).toEqual({ value: false, stale: true, owned: ['notifications'] })
    })

    test('the older call answered first owns its keys minus those the newer call claimed', async () => {
      const latest = createLatest<'a' | 'b'>()
      const first = held<number>()
      const second = held<number>()
      const older = latest.run(() => first.promise, ['a', 'b'])
      const newer = latest.run(() => second.promise, ['b'])
      first.resolve(1)
      expect((await older).owned).toEqual(['a'])
      second.resolve(2)
      expect((await newer).owned).toEqual(['b'])
    })

    test('a drop makes a call stale but claims nothing: it still owns its keys', async () => {
      const latest = createLatest<'a'>()
      const first = held<number>()
      const pending = latest.run(() => first.promise, ['a'])
      latest.drop()
      first.resolve(1)
      expect(await pending).toEqual({ value: 1, stale: true, owned: ['a'] })
    })

    test('a newer call that threw has still claimed the key: the older one does not own it', async () => {
      const latest = createLatest<'a'>()
      const first = held<number>()
      const older = latest.run(() => first.promise, ['a'])
      await expect(latest.run(() => Promise.reject(new Error('x')), ['a'])).rejects.toThrow('x')
      first.resolve(1)
      expect((await older).owned).toEqual([])
    })
  })
})
