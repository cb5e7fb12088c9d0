// Every letter shared/vouchers.ts lets onto a voucher sheet has a glyph in the font the sheet
// embeds, read with fontkit (the font engine pdfkit uses): no letter printed as an empty box.
import { SHEET_BLOCKS, sheetText } from '@shared/vouchers'
import * as fontkit from 'fontkit'
import { expect, it } from 'vitest'
import { SHEET_FONTS } from '../../../../electron/main/services/vouchers/fonts'

it('the sheet font has every letter the sheet prints, and the amount font every digit', () => {
  const regular = fontkit.openSync(SHEET_FONTS.regular) as fontkit.Font
  const bold = fontkit.openSync(SHEET_FONTS.bold) as fontkit.Font
  const missing: string[] = []
  let printed = 0
  for (const [from, to] of SHEET_BLOCKS)
    for (let code = from; code <= to; code++) {
      const c = String.fromCodePoint(code)
      if (sheetText(c, 2) !== c) continue // not printed (unassigned, a format character)
      printed++
      if (!regular.hasGlyphForCodePoint(code)) missing.push(code.toString(16))
    }
  expect(missing).toEqual([])
  expect(printed).toBeGreaterThan(900)
  for (const c of '0123456789,. sats') expect(bold.hasGlyphForCodePoint(c.codePointAt(0)!)).toBe(true)
  // and a letter outside the blocks is refused before it reaches the font
  expect(sheetText('日', 2)).toBe('?')
})
