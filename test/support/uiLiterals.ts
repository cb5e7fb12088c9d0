// Finds user-facing words written straight into code instead of taken from the catalog
// (shared/i18n): JSX text, named attributes' string literals, strings shown as children, and in
// main the labels of menus and the titles and bodies of notifications. Parsed with @babel/parser.
import { parse } from '@babel/parser'

type AstNode = { type: string; loc?: { start: { line: number } } } & Record<string, unknown>

function walk(node: unknown, visit: (n: AstNode, parent: AstNode | null, key: string) => boolean | undefined) {
  const go = (n: unknown, parent: AstNode | null, key: string) => {
    if (!n || typeof n !== 'object') return
    if (Array.isArray(n)) {
      for (const x of n) go(x, parent, key)
      return
    }
    const a = n as AstNode
    if (typeof a.type !== 'string') return
    if (visit(a, parent, key) === false) return
    for (const [k, v] of Object.entries(a)) if (k !== 'loc' && k !== 'extra' && !k.endsWith('Comments')) go(v, a, k)
  }
  go(node, null, '')
}

/** Attributes a person reads or hears. */
export const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'title',
  'placeholder',
  'alt',
  'label',
  'legend',
  'hint',
  'note',
  'submit',
  'saveLabel',
  'empty',
  'busy',
])
/** Object keys in main whose string values a person reads (menu items, notifications, dialogs). */
export const TEXT_KEYS = new Set(['label', 'title', 'body', 'message', 'detail', 'tooltip', 'buttons'])

const wordy = (s: string) => /\p{L}{2,}/u.test(s)

/** String or template literals an expression can evaluate to directly (through ?:, ||, ??, &&'s right). */
function leaves(e: AstNode | undefined, out: AstNode[]) {
  if (!e) return
  if (e.type === 'ConditionalExpression') {
    leaves(e.consequent as AstNode, out)
    leaves(e.alternate as AstNode, out)
  } else if (e.type === 'LogicalExpression') {
    leaves(e.right as AstNode, out)
    if (e.operator !== '&&') leaves(e.left as AstNode, out)
  } else if (e.type === 'StringLiteral' || e.type === 'TemplateLiteral' || e.type === 'ArrayExpression') {
    if (e.type === 'ArrayExpression') for (const x of e.elements as AstNode[]) leaves(x, out)
    else out.push(e)
  }
}

const literalText = (n: AstNode): string =>
  n.type === 'StringLiteral'
    ? (n.value as string)
    : (n.quasis as Array<{ value: { cooked: string } }>).map((q) => q.value.cooked).join(' ')

const where = (n: AstNode, what: string) => `${n.loc?.start.line ?? 0}: ${what}`

/** Literal words in a TSX file's JSX, as `line: text`. */
export function jsxLiterals(code: string): string[] {
  const out: string[] = []
  const ast = parse(code, { sourceType: 'module', plugins: ['typescript', 'jsx'] })
  walk(ast.program, (n, parent, key) => {
    if (n.type === 'JSXText' && wordy(n.value as string)) out.push(where(n, (n.value as string).trim()))
    if (n.type === 'JSXAttribute') {
      const name = (n.name as AstNode).name as string
      const value = n.value as AstNode | null
      if (!TEXT_ATTRIBUTES.has(name) || !value) return
      const found: AstNode[] = []
      if (value.type === 'StringLiteral') found.push(value)
      else if (value.type === 'JSXExpressionContainer') leaves(value.expression as AstNode, found)
      for (const l of found) if (wordy(literalText(l))) out.push(where(l, `${name}="${literalText(l)}"`))
      return false
    }
    if (n.type === 'JSXExpressionContainer' && key === 'children' && parent) {
      const found: AstNode[] = []
      leaves(n.expression as AstNode, found)
      for (const l of found) if (wordy(literalText(l))) out.push(where(l, literalText(l)))
    }
    return undefined
  })
  return out
}

/** Literal words in main's menus and notifications: string values of TEXT_KEYS properties. */
export function mainLiterals(code: string): string[] {
  const out: string[] = []
  const ast = parse(code, { sourceType: 'module', plugins: ['typescript'] })
  walk(ast.program, (n) => {
    if (n.type !== 'ObjectProperty') return
    const k = n.key as AstNode
    const name = (k.name ?? k.value) as string
    if (!TEXT_KEYS.has(name)) return
    const found: AstNode[] = []
    leaves(n.value as AstNode, found)
    for (const l of found) if (wordy(literalText(l))) out.push(where(l, `${name}: "${literalText(l)}"`))
    return undefined
  })
  return out
}
