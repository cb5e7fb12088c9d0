// Notifications pushed by the wallet (kinds 23197/23196) reach the NWC account's callback, which
// the app uses to sync the account at once; one signed by another key is ignored.

import { parseNwcUri } from '@shared/nwc/uri'
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools'
import { bytesToHex } from 'nostr-tools/utils'
import { afterEach, expect, it, vi } from 'vitest'
import { openNwcAccount } from '../../../../electron/main/services/backends/nwc/account'
import { encryptFor } from '../../../../electron/main/services/nwc/crypto'
import { publishTo, startRelay, type TestRelay } from '../../../support/nostrRelay'

let relay: TestRelay | undefined
let close = () => {}
afterEach(async () => {
  close()
  await relay?.close()
})

it('a payment_received from the wallet is handed on; one from a stranger is not', async () => {
  relay = await startRelay()
  const walletSk = generateSecretKey()
  const clientSk = generateSecretKey()
  const wallet = getPublicKey(walletSk)
  const me = getPublicKey(clientSk)
  const uri = parseNwcUri(
    `nostr+walletconnect://${wallet}?relay=${encodeURIComponent(relay.url)}&secret=${bytesToHex(clientSk)}`,
  )
  if (!uri) throw new Error('uri refused')
  const got: string[] = []
  const account = openNwcAccount({ uri, backoffMinMs: 50, onNotification: (t) => got.push(t) })
  close = () => account.close()
  // its subscription is at the relay: the notes below reach it
  await vi.waitFor(() => expect(relay?.subscribed(23197) && relay.subscribed(23196)).toBe(true), { timeout: 10_000 })
  const note = (sk: Uint8Array, type: string, kind: number) =>
    finalizeEvent(
      {
        kind,
        created_at: Math.floor(Date.now() / 1000),
        tags: [['p', me]],
        content: encryptFor(
          kind === 23197 ? 'nip44_v2' : 'nip04',
          sk,
          me,
          JSON.stringify({ notification_type: type, notification: { payment_hash: '00'.repeat(32) } }),
        ),
      },
      sk,
    )
  const stranger = generateSecretKey()
  await publishTo(relay.url, note(stranger, 'payment_received', 23197))
  await publishTo(relay.url, note(walletSk, 'payment_received', 23197))
  await publishTo(relay.url, note(walletSk, 'payment_sent', 23196))
  await expect.poll(() => got, { timeout: 3000 }).toEqual(['payment_received', 'payment_sent'])
})
