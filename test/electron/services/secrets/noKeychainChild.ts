// Run as a child process with DBUS_SESSION_BUS_ADDRESS pointing nowhere: prints what the keytar
// store answers when no Secret Service exists.
import { AppError } from '@shared/errors'
import { apiKeyName, createKeytarStore } from '../../../../electron/main/services/secrets'

const store = createKeytarStore(process.env.LT_SERVICE ?? 'lightning-tray-test', undefined, { timeoutMs: 8_000 })
const shape = (e: unknown) => (e instanceof AppError ? { code: e.code, message: e.message } : { other: String(e) })
const available = await store.available()
const setError = await store.set(apiKeyName('acc_00000000000f'), 'sak_never_stored_1234').then(() => null, shape)
const getError = await store.get(apiKeyName('acc_00000000000f')).then(() => null, shape)
console.log(JSON.stringify({ available, setError, getError }))
