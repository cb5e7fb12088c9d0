// A tiny fan-out for createApp's `emit`: main sends events to one window, the preview may have
// several browser tabs (and tests) listening at once.
export type AppEvent = { name: string; payload: unknown }
export type EventListener = (event: AppEvent) => void

export interface EventHub {
  /** pass this to createApp as `emit` */
  emit(name: string, payload: unknown): void
  subscribe(listener: EventListener): () => void
}

export function createEventHub(): EventHub {
  const listeners = new Set<EventListener>()
  return {
    emit(name, payload) {
      for (const listener of [...listeners]) {
        try {
          listener({ name, payload })
        } catch {
          // one broken listener (a closed socket) must not stop the others
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
