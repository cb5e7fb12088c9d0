// The icon an app asking to be paired names (docs/nwc.md, "One-tap pairing"): fetched only once the
// person opens the approval screen (the screen asks for it), over https, no redirect, 64 KB and 5 s
// at most, nothing on this computer or a private network unless the person confirmed that host
// (the same warning as any link from outside), and handed to the page only as a picture this app
// recognised by its first bytes (PNG, JPEG, GIF, WebP): never SVG, HTML or anything that runs.
import { AppError } from '@shared/errors'
import { privateHostWords } from '@shared/netAddress'
import { boundedFetch } from '../http/boundedFetch'
import { guardedFetch, PrivateHostError, type ResolveAll } from '../http/guardedFetch'
import { mt, mw } from '../i18n'

export const MAX_ICON_BYTES = 64 * 1024
export const ICON_TIMEOUT_MS = 5_000

/** the picture's type from its first bytes, or null when it is not one shown */
export function iconType(b: Uint8Array): 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | null {
  const at = (i: number, ...xs: number[]) => xs.every((x, k) => b[i + k] === x)
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (at(0, 0x47, 0x49, 0x46, 0x38)) return 'image/gif'
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp'
  return null
}

export function createIconFetch(o: { resolve?: ResolveAll } = {}) {
  return async (url: string, confirmed?: string): Promise<{ dataUrl: string }> => {
    let u: URL
    try {
      u = new URL(url)
    } catch {
      throw new AppError('invalid_input', mt('pair.iconUnreadable'))
    }
    if (u.protocol !== 'https:' || u.username || u.password)
      throw new AppError('invalid_input', mt('pair.iconUnreadable'))
    const get = boundedFetch(guardedFetch({ confirmed: new Set(confirmed ? [confirmed] : []), resolve: o.resolve }), {
      timeoutMs: ICON_TIMEOUT_MS,
      maxBytes: MAX_ICON_BYTES,
    })
    let bytes: Uint8Array
    try {
      const res = await get(u.toString(), { headers: { accept: 'image/*' } })
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`)
      bytes = new Uint8Array(await res.arrayBuffer())
    } catch (err) {
      const cause = (err as { cause?: unknown }).cause
      const blocked = err instanceof PrivateHostError ? err : cause instanceof PrivateHostError ? cause : null
      if (blocked) throw new AppError('private_host', mw(privateHostWords(u.host, blocked.range)))
      throw new AppError('network', mt('pair.iconUnreadable'))
    }
    const type = iconType(bytes)
    if (!type) throw new AppError('invalid_input', mt('pair.iconUnreadable'))
    return { dataUrl: `data:${type};base64,${Buffer.from(bytes).toString('base64')}` }
  }
}
