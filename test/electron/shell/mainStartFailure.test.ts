// The real main entry failing to start, `electron` faked: the error is logged redacted (a library's
// message may carry a key) and the app exits instead of staying up half-made.
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import * as electron from './electronFake'

vi.mock('electron', async () => await import('./electronFake'))

const key = 'sak_9Xk2mQpL0vR7tY4wZ1aB'
let stderr = ''

beforeAll(async () => {
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk)
    return true
  })
  electron.app.appPath = resolve(__dirname, '../../..')
  electron.protocol.handle = () => {
    throw new Error(`handler refused: GET /v1/wallets?access-token=${key}`)
  }
  await import('../../../electron/main/index')
  electron.app.ready()
  await vi.waitFor(() => expect(electron.app.exited).toBe(1))
})
afterAll(() => {
  vi.restoreAllMocks()
})

describe('main entry, failing to start', () => {
  it('logs why, with the key redacted, and exits with 1', () => {
    expect(stderr).toMatch(/ ERROR Lightning Tray could not start .*handler refused/)
    expect(stderr).toContain('[redacted]')
    expect(stderr).not.toContain(key)
    expect(electron.app.exited).toBe(1)
  })
})
