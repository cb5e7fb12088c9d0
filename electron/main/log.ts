// A small line logger for the main process. Every line goes through `redact` first, so a key
// that slips into a message (a URL with `access-token=`, an Authorization header, an error
// from a library) never reaches the log.

export type LogLevel = 'debug' | 'info' | 'warn' | 'error'
export type LogFields = Record<string, unknown>

export interface Logger {
  debug(msg: string, fields?: LogFields): void
  info(msg: string, fields?: LogFields): void
  warn(msg: string, fields?: LogFields): void
  error(msg: string, fields?: LogFields): void
  /** Registers a secret (an API key): it is replaced by `[redacted]` wherever it appears. */
  addSecret(secret: string): void
  redact(text: string): string
}

const REDACTED = '[redacted]'

// Key-shaped tokens of this service (sak_, pak_, waka_, …) and the three ways a key travels.
const PATTERNS: RegExp[] = [
  /\b(?:sak|pak|waka|waki|wakr|waklw|waklp|wa|wi|wr)_[A-Za-z0-9]{6,}/g,
  /(access-token=)[^&\s"']+/gi,
  /(x-api-key["']?\s*[:=]\s*["']?)[^\s"',}]+/gi,
  /(authorization["']?\s*[:=]\s*["']?basic\s+)[A-Za-z0-9+/=]+/gi,
]

export function createLogger(
  opts: { sink?: (line: string) => void; level?: LogLevel; now?: () => number } = {},
): Logger {
  const sink = opts.sink ?? ((line: string) => process.stderr.write(`${line}\n`))
  const now = opts.now ?? Date.now
  const order: LogLevel[] = ['debug', 'info', 'warn', 'error']
  const min = order.indexOf(opts.level ?? 'info')
  const secrets = new Set<string>()

  function redact(text: string): string {
    let out = text
    for (const s of secrets) {
      out = out.split(s).join(REDACTED)
      // The Basic form carries base64(key:); hide that too.
      out = out.split(Buffer.from(`${s}:`).toString('base64')).join(REDACTED)
    }
    for (const p of PATTERNS) out = out.replace(p, (_m, lead?: string) => `${lead ?? ''}${REDACTED}`)
    return out
  }

  function write(level: LogLevel, msg: string, fields?: LogFields) {
    if (order.indexOf(level) < min) return
    let extra = ''
    if (fields) {
      try {
        extra = ` ${JSON.stringify(fields, errorReplacer)}`
      } catch {
        extra = ' [unserialisable fields]'
      }
    }
    sink(redact(`${new Date(now()).toISOString()} ${level.toUpperCase()} ${msg}${extra}`))
  }

  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    addSecret(secret: string) {
      if (secret.length >= 4) secrets.add(secret)
    },
    redact,
  }
}

function errorReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code
    return { name: value.name, message: value.message, ...(code !== undefined ? { code } : {}) }
  }
  return value
}
