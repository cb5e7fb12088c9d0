// An LNbits server as a backend (docs/lnbits.md).
export { type LnbitsBackendOptions, lnbitsBackend } from './backend'
export { lnbitsCapabilities } from './capabilities'
export { createLnbitsClient, type LnbitsClient, type LnbitsClientOptions, type TransferInput } from './client'
export { keysOf, secretOf } from './keys'
export { lnbitsPush, type PushLinks } from './push'
