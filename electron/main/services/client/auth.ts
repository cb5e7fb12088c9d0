// The three ways the service accepts a key (spec, "Authentication").
import type { AuthMethod } from '@shared/contract'

/**
 * Labels for the settings screen. The query form is a setting only for services that need it:
 * a key in the URL ends up in the server's and any proxy's access logs.
 */
export const AUTH_METHOD_LABELS: Record<AuthMethod, string> = {
  header: 'X-Api-Key header (recommended)',
  basic: 'HTTP Basic (key as user name)',
  query: 'access-token in the URL (not recommended: the key ends up in server logs)',
}

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
