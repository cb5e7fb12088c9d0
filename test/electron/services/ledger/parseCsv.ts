// Reads back the ledger's CSV (RFC 4180: quoted cells, "" for a quote, CRLF lines) for the tests.
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += c
  }
  if (cell || row.length) rows.push([...row, cell])
  return rows
}

/** The sum of a numeric column, by its header name; throws on a cell that is not a whole number. */
export function sumColumn(rows: string[][], name: string): number {
  const at = (rows[0] ?? []).indexOf(name)
  if (at < 0) throw new Error(`no column ${name}`)
  let sum = 0
  for (const r of rows.slice(1)) {
    const v = Number(r[at])
    if (!Number.isSafeInteger(v)) throw new Error(`${name}: ${r[at]} is not a whole number`)
    sum += v
  }
  return sum
}

/**
 * Reads the file as a spreadsheet whose locale splits on `sep` would (`;` in de, fr, nl; a tab in
 * some): a quote opens a quoted field only at the start of a field; elsewhere it is a character.
 * A line break outside a quoted field ends the row.
 */
export function splitAs(text: string, sep: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let i = 0
  const endRow = () => {
    rows.push(row)
    row = []
  }
  while (i < text.length) {
    let cell = ''
    if (text[i] === '"') {
      i++
      for (; i < text.length; i++) {
        if (text[i] === '"' && text[i + 1] === '"') {
          cell += '"'
          i++
        } else if (text[i] === '"') {
          i++
          break
        } else cell += text[i]
      }
    }
    // unquoted, or what follows a closing quote (spreadsheets keep it)
    while (i < text.length && text[i] !== sep && text[i] !== '\r' && text[i] !== '\n') cell += text[i++]
    row.push(cell)
    if (text[i] === sep) i++
    else {
      if (text[i] === '\r' && text[i + 1] === '\n') i++
      i++
      endRow()
    }
  }
  if (row.length) endRow()
  return rows
}

/** What a spreadsheet would run as a formula: = + - @ first (after spaces and quotes), not a plain number. */
export function looksLikeFormula(cell: string): boolean {
  const start = cell.replace(/^[\s"]+/, '')
  return /^[=+\-@]/.test(start) && !/^-?\d+(\.\d+)?$/.test(start.trim())
}
