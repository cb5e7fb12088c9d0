// A clock tests can move: unix seconds of the real clock plus an offset.
export interface Clock {
  now(): number
  advance(seconds: number): void
  reset(): void
}

export function createClock(realNowMs: () => number = Date.now): Clock {
  let offset = 0
  return {
    now: () => Math.floor(realNowMs() / 1000) + offset,
    advance(seconds: number) {
      if (!Number.isFinite(seconds)) throw new RangeError('seconds must be a number')
      offset += Math.trunc(seconds)
    },
    reset() {
      offset = 0
    },
  }
}
