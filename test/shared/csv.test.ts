import { csvCell, csvRow, defuse } from '@shared/csv'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { looksLikeFormula, parseCsv, splitAs } from '../electron/services/ledger/parseCsv'

test('text cells that a spreadsheet would run as a formula get an apostrophe', () => {
  expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`)
  expect(csvCell('+1')).toBe("'+1")
  expect(csvCell('-2+3')).toBe("'-2+3")
  expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
  expect(csvCell('\tx')).toBe(`"'\tx"`)
  expect(csvCell('coffee')).toBe('coffee')
  expect(csvCell('a=b')).toBe('a=b')
})

test('quotes, commas and newlines are quoted; numbers and nulls stay plain', () => {
  expect(csvCell('a,b')).toBe('"a,b"')
  expect(csvCell('say "hi"')).toBe('"say ""hi"""')
  expect(csvCell('two\nlines')).toBe('"two\nlines"')
  expect(csvCell(-1500)).toBe('-1500')
  expect(csvCell(null)).toBe('')
})

test('a row joins its cells with commas', () => {
  expect(csvRow(['=1', 2, null, 'a,b'])).toBe(`'=1,2,,"a,b"`)
})

describe('a spreadsheet that splits on ; or a tab', () => {
  test('a cell with ; or a tab is quoted', () => {
    expect(csvCell('a;b')).toBe('"a;b"')
    expect(csvCell('a\tb')).toBe('"a\tb"')
    expect(csvCell('a\rb')).toBe('"a\rb"')
  })

  test('a formula after a separator of any locale, or a line break, gets an apostrophe too', () => {
    expect(csvCell("x;=cmd|' /C calc'!A0;")).toBe(`"x;'=cmd|' /C calc'!A0;"`)
    expect(defuse('x,+1')).toBe("x,'+1")
    expect(defuse('x\t@SUM(A1)')).toBe("x\t'@SUM(A1)")
    expect(defuse('x\r\n-2+3')).toBe("x\r\n'-2+3")
    // after spaces or a quote, which some spreadsheets read past
    expect(defuse('x; =1')).toBe("x;' =1")
    expect(defuse('x;"=1"')).toBe(`x;'"=1"`)
    expect(defuse('x;" \t=1')).toBe(`x;'" \t'=1`)
    // harmless text is left as it is
    expect(defuse('1 + 2 = 3; a-b, c@d')).toBe('1 + 2 = 3; a-b, c@d')
  })

  const piece = fc.constantFrom(',', ';', '\t', '\r', '\n', '\r\n', '"', ' ', '=', '+', '-', '@', "'", 'x', 'cmd|')
  const hostile = fc
    .array(fc.oneof(piece, fc.string({ maxLength: 3 })), { maxLength: 30 })
    .map((parts) => parts.join(''))

  test('whatever the text, no field of a ,  ; or tab split starts a formula, and the comma reader gets it back', () => {
    fc.assert(
      fc.property(hostile, hostile, (a, b) => {
        const file = `${csvRow(['2024-01-01T00:00:00.000Z', a, -1500, b])}\r\n`
        expect(parseCsv(file)).toEqual([['2024-01-01T00:00:00.000Z', defuse(a), '-1500', defuse(b)]])
        for (const sep of [',', ';', '\t']) {
          for (const row of splitAs(file, sep)) for (const cell of row) expect(looksLikeFormula(cell)).toBe(false)
        }
      }),
      { numRuns: 2000 },
    )
  })
})
