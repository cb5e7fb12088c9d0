// Moving everything off an account (services/move, docs/move.md): one-line adapters.
import type { Move } from '../services/move'
import type { OpIn, OpOut } from './router'

export function moveHandlers(d: { move: Move }) {
  return {
    'move.plan': ({ fromAccountId }: OpIn<'move.plan'>): Promise<OpOut<'move.plan'>> => d.move.plan(fromAccountId),
    'move.run': (input: OpIn<'move.run'>): Promise<OpOut<'move.run'>> => d.move.run(input),
  }
}
