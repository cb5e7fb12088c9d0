// Finds words written straight into the message of an error main composes (`new AppError(code,
// '…')`, also in a ternary or template), where the catalogs' `mt(id)` belongs (docs/i18n.md).
// A reader of source text, not a parser: enough for the code's one style.

/** Constructors (and the router's `fail`) whose message argument (the one at `argIndex`) is shown to the person. */
const MESSAGE_ARGS: Record<string, number> = { AppError: 1, RemoteError: 1, NwcError: 1, fail: 1 }

/** The argument at `index` of the call whose `(` is at `open`, as text ('' when absent). */
function argument(code: string, open: number, index: number): string {
  let depth = 0
  let arg = 0
  let start = open + 1
  for (let i = open + 1; i < code.length; i++) {
    const c = code[i] as string
    if (c === "'" || c === '"' || c === '`') {
      i = literalEnd(code, i)
      continue
    }
    if (c === '(' || c === '[' || c === '{') depth++
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return arg === index ? code.slice(start, i) : ''
      depth--
    } else if (c === ',' && depth === 0) {
      if (arg === index) return code.slice(start, i)
      arg++
      start = i + 1
    }
  }
  return ''
}

/** The index of the quote closing the literal that opens at `at` (templates' `${…}` skipped). */
function literalEnd(code: string, at: number): number {
  const q = code[at]
  for (let i = at + 1; i < code.length; i++) {
    const c = code[i]
    if (c === '\\') i++
    else if (c === q) return i
    else if (q === '`' && c === '$' && code[i + 1] === '{') {
      let depth = 0
      for (i = i + 1; i < code.length; i++) {
        if (code[i] === '{') depth++
        else if (code[i] === '}' && --depth === 0) break
      }
    }
  }
  return code.length
}

/** Literal text of an expression with words in it (catalog ids given to `mt(` are not words). */
function wordyLiterals(expr: string): string[] {
  const out: string[] = []
  const bare = expr
    .replace(/\bmt\(\s*(['"`])[\w.-]+\1/g, 'mt(ID')
    // a comparison's operand (`kind === 'invalid'`) is a value, not words
    .replace(/[=!]==\s*(['"])[\w-]*\1/g, '=== X')
  for (let i = 0; i < bare.length; i++) {
    const c = bare[i]
    if (c !== "'" && c !== '"' && c !== '`') continue
    const end = literalEnd(bare, i)
    const text = bare.slice(i + 1, end).replace(/\$\{[^}]*\}/g, ' ')
    if (/[A-Za-z]{2,}/.test(text)) out.push(text.trim())
    i = end
  }
  return out
}

/** `line: Constructor "words"` for each wordy literal given as an error message. */
export function errorLiterals(code: string): string[] {
  const out: string[] = []
  for (const m of code.matchAll(/\b(?:new\s+(\w+)|(fail))\s*\(/g)) {
    const name = (m[1] ?? m[2]) as string
    const index = MESSAGE_ARGS[name]
    if (index === undefined) continue
    const open = (m.index ?? 0) + m[0].length - 1
    const line = code.slice(0, m.index).split('\n').length
    for (const text of wordyLiterals(argument(code, open, index))) out.push(`${line}: ${name} "${text}"`)
  }
  return out
}

/**
 * `line: "words"` for each sentence literal a line gives after one of `keys` (by default a
 * `reason:` or a `return`, for rates' reasons; `message:` for notices).
 */
export function reasonLiterals(code: string, keys = ['reason:', 'return']): string[] {
  const out: string[] = []
  // the literal may start on the next line (`message:` then a long sentence below it)
  const after = new RegExp(`(?:${keys.map((k) => `\\b${k}`).join('|')})\\s*(?=['"\`])`, 'g')
  for (const m of code.matchAll(after)) {
    const at = (m.index ?? 0) + m[0].length
    const rest = code.slice(at)
    const first = wordyLiterals(rest.slice(0, literalEnd(rest, 0) + 1))
    const line = code.slice(0, at).split('\n').length
    // one bare word is a value (`reason: 'wrong'`); a sentence has a space or a full stop
    for (const w of first) if (/[\s.]/.test(w)) out.push(`${line}: "${w}"`)
  }
  return out
}

/**
 * `line: "words"` for each literal that reads as a sentence (two words with a space), outside
 * comments: in @shared's payment reader every word a person sees is a message id.
 */
export function sentenceLiterals(code: string): string[] {
  const out: string[] = []
  code.split('\n').forEach((text, i) => {
    if (/^\s*(\/\/|\/\*|\*)/.test(text)) return
    for (const w of wordyLiterals(text)) if (/[A-Za-z]{2,}\s+[A-Za-z]{2,}/.test(w)) out.push(`${i + 1}: "${w}"`)
  })
  return out
}

/** A statement of the database's, not words: its literals are never shown. */
const SQL = /\b(SELECT|UPDATE|DELETE|INSERT|WHERE)\b/

/**
 * `line: "words"` for each literal outside comments that reads as a sentence a person would be
 * told (three words or more, ending in a full stop, or a full stop between sentences), wherever
 * it stands: in a helper like `refuse('…')`, a ternary's fallback, a journal's note. Catches what
 * the constructor list above cannot know about.
 */
export function mainSentences(code: string): string[] {
  const out: string[] = []
  code.split('\n').forEach((text, i) => {
    if (/^\s*(\/\/|\/\*|\*)/.test(text)) return
    for (const w of wordyLiterals(text.replace(/\s\/\/\s.*$/, ''))) {
      if (SQL.test(w)) continue
      const sentence =
        /[A-Za-z]{2,}(\s+[A-Za-z’']+){2,}[^.]*[.!?]$/.test(w) || /[A-Za-z]{2,}(\s+[A-Za-z’']+){2,}\.\s/.test(w)
      if (sentence) out.push(`${i + 1}: "${w}"`)
    }
  })
  return out
}
