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
