// Event signatures for the wallet service: libsecp256k1 compiled to WebAssembly (nostr-wasm, which
// nostr-tools depends on and serves through its `nostr-tools/wasm` entry) instead of nostr-tools'
// pure JavaScript. Measured here (docs/nwc.md, "Speed"): a check 2.0 ms against 0.3, a signed
// answer 4.2 ms against 0.4; the two were most of this app's part of a request. Until the module
// is compiled (a few ms after this file is loaded, once per thread), the pure JavaScript serves,
// so nothing waits for it and nothing changes should it fail to compile.
import {
  type EventTemplate,
  finalizeEvent as finalizeJs,
  type VerifiedEvent,
  verifyEvent as verifyJs,
} from 'nostr-tools'
import * as wasm from 'nostr-tools/wasm'
import { initNostrWasm } from 'nostr-wasm'

let compiled = false

/** settles once the WebAssembly is in use (or could not be: then the pure JavaScript stays) */
export const signingCompiled: Promise<boolean> = initNostrWasm().then(
  (nw) => {
    wasm.setNostrWasm(nw)
    compiled = true
    return true
  },
  () => false,
)

/** the id and the signature of a whole event (its `id`, `pubkey` and `sig` as given) */
export function verifySignature(e: {
  id: string
  pubkey: string
  sig: string
  kind: number
  created_at: number
  tags: string[][]
  content: string
}): boolean {
  // a copy: both mark the object they checked as verified, and the caller's must stay unmarked
  return compiled ? wasm.verifyEvent({ ...e }) : verifyJs({ ...e })
}

export function signEvent(t: EventTemplate, secret: Uint8Array): VerifiedEvent {
  // nostr-wasm fills in the template it is given: a fresh object, so the caller's stays as it was
  return compiled ? (wasm.finalizeEvent({ ...t }, secret) as VerifiedEvent) : finalizeJs(t, secret)
}
