// The three ways the service accepts a key (spec, "Authentication"). The header is the default;
// Basic and the `access-token` query are settings. The query form puts the key in the URL, where
// the server's and any proxy's access logs keep it: the settings screen says so next to it.
import type { AuthMethod } from '@shared/contract'

export interface AuthParts {
  headers: Record<string, string>
  search: Record<string, string>
}

export function authParts(method: AuthMethod, key: string): AuthParts {
  switch (method) {
    case 'header':
      return { headers: { 'X-Api-Key': key }, search: {} }
    case 'basic':
      return { headers: { Authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` }, search: {} }
    case 'query':
      // Leaks the key into server logs; offered only because the spec lists it as equivalent.
      return { headers: {}, search: { 'access-token': key } }
  }
}
