// The three ways the service accepts a key (docs/service.md, "Auth precedence"). The header is the default;
// Basic and the `access-token` query are settings. The query form puts the key in the URL, where
// the server's and any proxy's access logs keep it: the settings screen says so next to it.
import type { AuthMethod } from '@shared/contract'

export interface AuthParts {
  headers: Record<string, string>
  search: Record<string, string>
}

const basic = (key: string) => Buffer.from(`${key}:`).toString('base64')

export function authParts(method: AuthMethod, key: string): AuthParts {
  switch (method) {
    case 'header':
      return { headers: { 'X-Api-Key': key }, search: {} }
    case 'basic':
      return { headers: { Authorization: `Basic ${basic(key)}` }, search: {} }
    case 'query':
      // Leaks the key into server logs; offered only because the service accepts it (docs/service.md, "Auth precedence").
      return { headers: {}, search: { 'access-token': key } }
  }
}

/**
 * The key as it may come back in a server's words: as sent (header), Basic-encoded, and
 * URL-encoded the two ways a query can be written. Errors cut out each of them.
 */
export function keyForms(key: string): string[] {
  if (!key) return []
  const forms = new Set([
    key,
    basic(key),
    Buffer.from(key).toString('base64'),
    encodeURIComponent(key),
    new URLSearchParams({ k: key }).toString().slice(2),
  ])
  // Longest first, so a form that contains another is cut out whole.
  return [...forms].sort((a, b) => b.length - a.length)
}
