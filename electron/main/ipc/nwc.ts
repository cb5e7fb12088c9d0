// Connected apps (services/nwc, docs/nwc.md): one-line adapters.
import { parsePairingLink } from '@shared/nwc/pairing'
import type { Nwc } from '../services/nwc'
import type { OpIn, OpOut } from './router'

export function nwcHandlers(d: {
  nwc: Pick<Nwc, 'list' | 'create' | 'get' | 'revoke' | 'updateSettings' | 'pairIcon'>
}) {
  return {
    'nwc.list': async (): Promise<OpOut<'nwc.list'>> => d.nwc.list(),
    'nwc.create': (input: OpIn<'nwc.create'>): Promise<OpOut<'nwc.create'>> => d.nwc.create(input),
    'nwc.get': async ({ id }: OpIn<'nwc.get'>): Promise<OpOut<'nwc.get'>> => d.nwc.get(id),
    'nwc.revoke': ({ id }: OpIn<'nwc.revoke'>): Promise<OpOut<'nwc.revoke'>> => d.nwc.revoke(id),
    'nwc.settings': async (patch: OpIn<'nwc.settings'>): Promise<OpOut<'nwc.settings'>> => d.nwc.updateSettings(patch),
    'nwc.readPairing': async ({ link }: OpIn<'nwc.readPairing'>): Promise<OpOut<'nwc.readPairing'>> => ({
      request: parsePairingLink(link),
    }),
    'nwc.pairIcon': ({ url, confirmed }: OpIn<'nwc.pairIcon'>): Promise<OpOut<'nwc.pairIcon'>> =>
      d.nwc.pairIcon(url, confirmed),
  }
}
