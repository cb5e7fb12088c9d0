import { csvCell, csvRow } from '@shared/csv'
import { expect, test } from 'vitest'

test('text cells that a spreadsheet would run as a formula get an apostrophe', () => {
  expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`)
  expect(csvCell('+1')).toBe("'+1")
  expect(csvCell('-2+3')).toBe("'-2+3")
  expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
  expect(csvCell('\tx')).toBe("'\tx")
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
