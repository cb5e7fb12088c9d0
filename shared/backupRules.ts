// The backup's rules the page needs before anything is sent, kept free of zod so the first screen
// can carry them (renderer/src/api.ts loads the contract's schemas later).

/** A backup's own passphrase is at least this long: the file may travel, so it must hold alone. */
export const BACKUP_PASSPHRASE_MIN = 10
