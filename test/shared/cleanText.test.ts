// The one cleaner for text from others: no control or format character survives (bidi
// overrides and isolates, zero-width marks, NUL, ESC), whitespace is one space, and a long text is
// cut in whole characters with "…".
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CLEAN_TEXT_MAX, cleanOptional, cleanText } from '../../shared/cleanText'

describe('cleanText', () => {
  it('takes out what reorders or hides text', () => {
    // "we will give 10,000" on screen, written backwards behind a right-to-left override
    expect(cleanText('\u202E000,01 evig lliw ew\u202C')).toBe('000,01 evig lliw ew')
    expect(cleanText('pay\u200B\u200C\u200D\u2060me\uFEFF')).toBe('payme')
    expect(cleanText('a\u2066b\u2067c\u2068d\u2069e\u061Cf\u200Eg\u200Fh')).toBe('abcdefgh')
    expect(cleanText('nul\u0000esc\u001B[31mred\u007Fdel\u0085nel')).toBe('nulesc[31mreddelnel')
    // a lone surrogate is no character at all
    expect(cleanText('x\uD800y')).toBe('xy')
  })

  it('makes one line: breaks, tabs and runs of spaces become one space', () => {
    expect(cleanText('  two\r\nlines\tand\u2028more \u00A0 ')).toBe('two lines and more')
  })

  it('cuts a long text to its length in characters, never inside an emoji', () => {
    expect(cleanText('⚡'.repeat(50), 10)).toBe(`${'⚡'.repeat(9)}…`)
    expect(cleanText('x'.repeat(10), 10)).toBe('x'.repeat(10))
    expect(Array.from(cleanText('y'.repeat(5_000_000)))).toHaveLength(CLEAN_TEXT_MAX)
  })

  it('keeps null as null', () => {
    expect(cleanOptional(null)).toBeNull()
    expect(cleanOptional(undefined)).toBeNull()
    expect(cleanOptional('a\u202Eb')).toBe('ab')
  })

  const hostile = fc
    .array(
      fc.oneof(
        fc.constantFrom('\u0000', '\u001B', '\u0085', '\u200B', '\u202E', '\u2066', '\uFEFF', '\n', '\t', ' '),
        fc.string({ unit: 'grapheme', maxLength: 3 }),
        fc.string({ unit: 'binary', maxLength: 3 }),
      ),
      { maxLength: 200 },
    )
    .map((parts) => parts.join(''))

  it('leaves no control, format or line-break character in anything, within the length', () => {
    fc.assert(
      fc.property(hostile, fc.integer({ min: 1, max: 300 }), (text, max) => {
        const out = cleanText(text, max)
        expect(out).not.toMatch(/[\p{Cc}\p{Cf}\p{Cs}\n\r\t]/u)
        expect(Array.from(out).length).toBeLessThanOrEqual(max)
        expect(cleanText(out, max)).toBe(out)
      }),
      { numRuns: 500 },
    )
  })
})
