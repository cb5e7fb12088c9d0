// Events from main to the renderer. Until the page has loaded there is nobody to receive them, so
// a `navigate` (from a `lightning:` link at start-up, a notification click) and a clipboard offer
// (made as the window is first shown) wait for the page; other events are state the page fetches
// itself when it starts.
import { type Emit, type EventPayload, eventChannel } from '@shared/contract'

export interface WebContentsLike {
  send(channel: string, payload: unknown): void
  isDestroyed(): boolean
}

export interface EventSink {
  emit: Emit
  /** the page (re)loaded: deliver what waited */
  attach(contents: WebContentsLike): void
  detach(): void
}

export function createEventSink(): EventSink {
  let target: WebContentsLike | null = null
  let waitingNavigate: EventPayload<'navigate'> | null = null
  let waitingOffer: EventPayload<'clipboard.offer'> | null = null
  const live = () => (target && !target.isDestroyed() ? target : null)
  return {
    emit(event, payload) {
      const to = live()
      if (to) to.send(eventChannel(event), payload)
      else if (event === 'navigate') waitingNavigate = payload as EventPayload<'navigate'>
      else if (event === 'clipboard.offer') waitingOffer = payload as EventPayload<'clipboard.offer'>
    },
    attach(contents) {
      target = contents
      if (waitingNavigate) {
        const nav = waitingNavigate
        waitingNavigate = null
        contents.send(eventChannel('navigate'), nav)
      }
      if (waitingOffer) {
        contents.send(eventChannel('clipboard.offer'), waitingOffer)
        waitingOffer = null
      }
    },
    detach() {
      target = null
    },
  }
}
