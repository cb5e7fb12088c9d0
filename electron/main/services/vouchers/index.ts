export { checkVoucherFunds, type MintOutcome, type MintSteps, mintVouchers } from './mint'
export { type SaveFile, type SaveFileRequest, saveVoucherSheet } from './save'
export { cardBox, makeVoucherSheet, PER_PAGE, QR_SIDE_MM, sheetFileName, type VoucherSheetInput } from './sheet'
