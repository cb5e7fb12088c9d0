// Offering a voucher sheet to save. The shell gives the dialog and the disk as `SaveFile`
// (Electron's save dialog, a temp folder in the browser preview, a fake in tests); this part
// makes the PDF and turns any failure into a plain outcome, since the vouchers exist either way.
import type { SheetOutcome } from '@shared/contract'
import type { Logger } from '../../log'
import { mt } from '../i18n'
import { makeVoucherSheet, sheetFileName, type VoucherSheetInput } from './sheet'

/**
 * A piece of a file, written before the next is made: the writer's promise is the backpressure. Its
 * bytes may be reused once the promise settles (the CSV worker's buffer), so it is not kept.
 */
export type WriteChunk = (chunk: string | Uint8Array) => Promise<void>

export type SaveFileRequest = {
  /** a file name without a folder; the person may change it */
  defaultName: string
  filters: Array<{ name: string; extensions: string[] }>
} & (
  | { bytes: Uint8Array; stream?: never }
  /** a file too large to hold whole (the history's CSV): written piece by piece once a place is chosen */
  | { stream: (write: WriteChunk) => Promise<void>; bytes?: never }
)

/** Writes a request's content, whole or as its stream makes it. */
export async function writeContent(req: SaveFileRequest, write: WriteChunk): Promise<void> {
  if (req.stream) await req.stream(write)
  else await write(req.bytes)
}

/** Asks where to save and writes the file readable by its owner only; `fileName` has no folder. */
export type SaveFile = (
  req: SaveFileRequest,
) => Promise<{ status: 'saved'; fileName: string } | { status: 'cancelled' }>

export async function saveVoucherSheet(
  saveFile: SaveFile,
  input: VoucherSheetInput,
  log?: Pick<Logger, 'warn'>,
): Promise<SheetOutcome> {
  try {
    const bytes = await makeVoucherSheet(input)
    return await saveFile({
      defaultName: sheetFileName(input.links.length, input.amountSat, input.createdAt),
      bytes,
      filters: [{ name: 'PDF', extensions: ['pdf'] }],
    })
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code
    log?.warn('voucher sheet not saved', { code, message: err instanceof Error ? err.message : String(err) })
    return {
      status: 'failed',
      message: mt('notices.sheetNotSaved', { code: typeof code === 'string' ? code : 'none' }),
    }
  }
}
