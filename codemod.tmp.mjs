// usage: node codemod.mjs pass(A|B) files...

import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, dirname, relative } from 'node:path'
import { parse } from '@babel/parser'

const CAT = '/work/wt-i18n/shared/i18n/en.json'
const cat = existsSync(CAT) ? JSON.parse(readFileSync(CAT, 'utf8')) : {}
const ATTRS = new Set([
  'aria-label',
  'title',
  'placeholder',
  'alt',
  'label',
  'submit',
  'saveLabel',
  'legend',
  'hint',
  'note',
  'description',
  'emptyText',
  'confirm',
])
const pass = process.argv[2]
const hasL = (s) => /\p{L}/u.test(s)
function walk(n, v, parent, key) {
  if (!n || typeof n !== 'object') return
  if (Array.isArray(n)) {
    n.forEach((x) => walk(x, v, parent, key))
    return
  }
  if (typeof n.type !== 'string') return
  if (v(n, parent, key) === false) return
  for (const [k, x] of Object.entries(n)) if (k !== 'loc' && !k.endsWith('Comments') && k !== 'extra') walk(x, v, n, k)
}
function slug(text) {
  const words = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5)
  if (!words.length) return 'text'
  return words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0].toUpperCase() + w.slice(1).toLowerCase())).join('')
}
function idFor(prefix, text) {
  for (const [k, v] of Object.entries(cat)) if (k.startsWith(prefix + '.') && v === text) return k
  let base = `${prefix}.${slug(text)}`,
    id = base,
    i = 2
  while (cat[id] !== undefined && cat[id] !== text) id = `${base}${i++}`
  cat[id] = text
  return id
}
const esc = (s) => s.replace(/'/g, "\\'")
function phName(expr, src, used) {
  let name = 'value'
  if (expr.type === 'Identifier') name = expr.name
  else if (expr.type === 'MemberExpression' && !expr.computed) name = expr.property.name
  else if (expr.type === 'CallExpression') {
    const c = expr.callee
    name = c.type === 'Identifier' ? c.name : c.type === 'MemberExpression' && !c.computed ? c.property.name : 'value'
    if (['sat', 'msat', 'format', 'toLocaleString', 'String'].includes(name)) name = 'amount'
  }
  let n = name,
    i = 2
  while (used.has(n) && used.get(n) !== src) n = name + i++
  used.set(n, src)
  return n
}
function valuesCode(used) {
  if (!used.size) return ''
  return '{ ' + [...used].map(([k, s]) => (k === s ? k : `${k}: ${s}`)).join(', ') + ' }'
}
function icuText(s) {
  return s.replace(/'/g, '\u2019').replace(/[{}]/g, (c) => `'${c}'`)
}
for (const file of process.argv.slice(3)) {
  let code = readFileSync(file, 'utf8')
  const b = basename(file).replace(/\.tsx?$/, '')
  const prefix = b[0].toLowerCase() + b.slice(1)
  const ast = parse(code, { sourceType: 'module', plugins: ['typescript', 'jsx'] })
  const edits = []
  const tmpl = (node) => {
    // template literal -> [text, values]
    const used = new Map()
    let text = ''
    for (let i = 0; i < node.quasis.length; i++) {
      text += icuText(node.quasis[i].value.cooked)
      if (i < node.expressions.length) {
        const e = node.expressions[i]
        if (e.type === 'TemplateLiteral') return null
        const s = code.slice(e.start, e.end)
        text += `{${phName(e, s, used)}}`
      }
    }
    return [text, used]
  }
  const tcall = (node) => {
    if (node.type === 'StringLiteral') {
      if (!hasL(node.value)) return null
      return `t('${idFor(prefix, icuText(node.value))}')`
    }
    if (node.type === 'TemplateLiteral') {
      const r = tmpl(node)
      if (!r || !hasL(r[0].replace(/\{[^}]*\}/g, ''))) return null
      const v = valuesCode(r[1])
      return `t('${idFor(prefix, r[0])}'${v ? ', ' + v : ''})`
    }
    return null
  }
  // string literals reachable from an expression via conditionals / logicals
  const leaves = (e, out) => {
    if (!e) return
    if (e.type === 'ConditionalExpression') {
      leaves(e.consequent, out)
      leaves(e.alternate, out)
    } else if (e.type === 'LogicalExpression') {
      leaves(e.right, out)
      if (e.operator !== '&&') leaves(e.left, out)
    } else if (e.type === 'StringLiteral' || e.type === 'TemplateLiteral') out.push(e)
  }
  if (pass === 'A') {
    walk(ast.program, (n, parent, key) => {
      if (n.type === 'JSXAttribute' && n.name.type === 'JSXIdentifier' && ATTRS.has(n.name.name) && n.value) {
        if (n.value.type === 'StringLiteral') {
          const r = tcall(n.value)
          if (r) edits.push([n.value.start, n.value.end, `{${r}}`])
        } else if (n.value.type === 'JSXExpressionContainer') {
          const out = []
          leaves(n.value.expression, out)
          for (const l of out) {
            const r = tcall(l)
            if (r) edits.push([l.start, l.end, r])
          }
        }
        return false
      }
      if (
        n.type === 'JSXExpressionContainer' &&
        parent &&
        (parent.type === 'JSXElement' || parent.type === 'JSXFragment') &&
        key === 'children'
      ) {
        const out = []
        leaves(n.expression, out)
        for (const l of out) {
          const r = tcall(l)
          if (r) edits.push([l.start, l.end, r])
        }
      }
    })
  } else {
    walk(ast.program, (n) => {
      if (n.type !== 'JSXElement' && n.type !== 'JSXFragment') return
      const runs = []
      let cur = []
      const containsJsx = (e) => {
        let f = false
        walk(e, (x) => {
          if (x.type === 'JSXElement' || x.type === 'JSXFragment') f = true
        })
        return f
      }
      for (const c of n.children) {
        if (
          c.type === 'JSXText' ||
          (c.type === 'JSXExpressionContainer' &&
            c.expression.type !== 'JSXEmptyExpression' &&
            !containsJsx(c.expression))
        )
          cur.push(c)
        else {
          runs.push(cur)
          cur = []
        }
      }
      runs.push(cur)
      for (const run of runs) {
        if (!run.some((c) => c.type === 'JSXText' && hasL(c.value))) continue
        // trim whitespace-only edges containing newlines
        const first = 0,
          last = run.length - 1
        const used = new Map()
        let text = ''
        for (const c of run) {
          if (c.type === 'JSXText') text += icuText(c.value.replace(/\s*\n\s*/g, (m) => ' '))
          else {
            const s = code.slice(c.expression.start, c.expression.end)
            text += `{${phName(c.expression, s, used)}}`
          }
        }
        const lead = /^\s/.test(text) && !/^\s*\n/.test(run[0].type === 'JSXText' ? run[0].value : 'x')
        const trail = /\s$/.test(text) && !/\n\s*$/.test(run[last].type === 'JSXText' ? run[last].value : 'x')
        text = text.replace(/\s+/g, ' ').trim()
        const v = valuesCode(used)
        const rep = `${lead ? "{' '}" : ''}<FormattedMessage id="${idFor(prefix, text)}"${v ? ` values={${v}}` : ''} />${trail ? "{' '}" : ''}`
        // keep newline-only whitespace at edges
        let s = run[0].start,
          e = run[last].end
        if (run[0].type === 'JSXText') {
          const m = run[0].value.match(/^\s*\n\s*/)
          if (m) s += m[0].length
        }
        if (run[last].type === 'JSXText') {
          const m = run[last].value.match(/\s*\n\s*$/)
          if (m) e -= m[0].length
        }
        edits.push([s, e, rep])
      }
    })
  }
  if (!edits.length) continue
  edits.sort((a, b) => b[0] - a[0])
  for (const [s, e, r] of edits) code = code.slice(0, s) + r + code.slice(e)
  // imports
  const rel = relative(dirname(file), '/work/wt-i18n/renderer/src/i18n').replace(/^(?!\.)/, './')
  if (pass === 'A' && !/import \{ t \} from/.test(code) && /\bt\('/.test(code))
    code = addImport(code, `import { t } from '${rel}'`)
  if (
    pass === 'B' &&
    !/FormattedMessage \}? ?from 'react-intl'|FormattedMessage,? .*from 'react-intl'/.test(code) &&
    code.includes('<FormattedMessage')
  )
    code = addImport(code, `import { FormattedMessage } from 'react-intl'`)
  writeFileSync(file, code)
  console.log(file, edits.length)
}
function addImport(code, line) {
  const m = [...code.matchAll(/^import .*$/gm)]
  if (!m.length) return line + '\n' + code
  const lastImp = m[m.length - 1] // handle multi-line imports: find end of statement
  const idx = lastImp.index
  const semiEnd = code.indexOf('\n', code.indexOf(' from ', idx))
  return code.slice(0, semiEnd + 1) + line + '\n' + code.slice(semiEnd + 1)
}
const sorted = Object.fromEntries(Object.entries(cat).sort(([a], [b]) => a.localeCompare(b)))
writeFileSync(CAT, JSON.stringify(sorted, null, 2) + '\n')
