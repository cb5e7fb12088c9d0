// Reading a file the person picks (a backup to restore): the shell gives the system's open dialog
// and the disk as `OpenFile` (the browser preview, a folder; tests, a fake). A file over `maxBytes`
// is not read at all.

export interface OpenFileRequest {
  filters: Array<{ name: string; extensions: string[] }>
  /** a larger file is refused unread */
  maxBytes: number
}

/** Asks which file to open and reads it; `fileName` has no folder. */
export type OpenFile = (
  req: OpenFileRequest,
) => Promise<
  | { status: 'opened'; fileName: string; bytes: Uint8Array }
  | { status: 'too_big'; fileName: string }
  | { status: 'cancelled' }
>
