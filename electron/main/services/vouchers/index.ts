export { createWithdrawLinks, type VoucherDeps, type VoucherSheetRequest, type WithdrawLinkInput } from './links'
export { checkVoucherFunds, type MintOutcome, type MintSteps, mintVouchers } from './mint'
export { type SaveFile, type SaveFileRequest, saveVoucherSheet, type WriteChunk, writeContent } from './save'
export { cardBox, makeVoucherSheet, PER_PAGE, sheetFileName, type VoucherSheetInput } from './sheet'
