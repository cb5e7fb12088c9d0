// The tests' way into a whole app: an operation through its router, as the renderer calls it, and
// a failure's code.
import type { App } from '../../../../electron/main/app/createApp'

/** `call(name, input)` through the router of the app `app()` gives now (a test may restart it) */
export function routerCall(app: () => App) {
  return async function call<T>(name: string, input: unknown = {}): Promise<T> {
    const r = await app().router.handle(name, input)
    if (!r.ok) throw Object.assign(new Error(r.error.message), { code: r.error.code })
    return r.value as T
  }
}

export const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { code?: string }) => e.code ?? String(e),
  )
