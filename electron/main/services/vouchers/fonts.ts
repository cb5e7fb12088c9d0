// The sheet's fonts: DejaVu Sans (the `dejavu-fonts-ttf` package), embedded and subset by pdfkit.
// The PDF's built-in Helvetica has the Windows-1252 letters only, so "Łódź" printed as "?ód?";
// DejaVu covers Latin, Greek and Cyrillic (shared/vouchers.ts says which letters print).
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

export const SHEET_FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
}
