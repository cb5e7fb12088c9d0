// One `ipcMain.handle` per contract operation, each passing the sender's trust (main frame of an
// app page) to the router, which refuses untrusted senders before validating anything.
import { OP_NAMES, opChannel } from '@shared/channels'
import type { IpcMainInvokeEvent } from 'electron'
import { mt } from '../services/i18n'
import { isTrustedSender } from './security'

/** The refusal of a sender that is not the app's window, in the app's language when it is made. */
const untrusted = () =>
  Object.freeze({
    ok: false as const,
    error: Object.freeze({ code: 'forbidden' as const, message: mt('ipc.untrusted'), retryable: false }),
  })

export interface RouterLike {
  handle(name: string, input: unknown, sender?: { trusted: boolean; url: string }): Promise<unknown>
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown): void
  removeHandler(channel: string): void
}

export function registerOpHandlers(
  ipcMain: IpcMainLike,
  router: RouterLike,
  trustedOrigins: readonly string[],
  /** after each handled message (the tray re-reads the pending count) */
  onHandled?: (name: string) => void,
): () => void {
  for (const name of OP_NAMES) {
    ipcMain.handle(opChannel(name), (event, ...args) => {
      const trusted = isTrustedSender(event, trustedOrigins)
      const sender = { trusted, url: trusted ? (event.senderFrame?.url ?? '') : '' }
      // Refused here already, so an untrusted frame never reaches the router at all.
      if (!sender.trusted) return Promise.resolve(untrusted())
      // Exactly one argument crosses: anything else is ignored rather than trusted.
      return router.handle(name, args[0], sender).finally(() => onHandled?.(name))
    })
  }
  return () => {
    for (const name of OP_NAMES) ipcMain.removeHandler(opChannel(name))
  }
}
