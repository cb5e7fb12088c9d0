// Shared by the service tests: what a promise rejects with, and the AppError a client call
// fails with, checked for the key.
import { AppError } from '@shared/errors'
import { expect } from 'vitest'

/** What a promise rejects with (fails the test when it resolves). */
export async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error('expected a rejection')
    },
    (e: unknown) => e,
  )
}

/**
 * The AppError a promise rejects with (fails the test when it resolves). Whatever went wrong,
 * none of `secrets` is in what the person (or a log) may read.
 */
export async function failsWith(p: Promise<unknown>, secrets: readonly string[]): Promise<AppError> {
  const err = await rejection(p)
  expect(err).toBeInstanceOf(AppError)
  const app = err as AppError
  for (const s of secrets) {
    expect(app.message).not.toContain(s)
    expect(String(app.stack)).not.toContain(s)
  }
  return app
}
