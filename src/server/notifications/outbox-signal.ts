/**
 * Tells this process's dispatcher that notices were just queued, so they go out now rather than at
 * the next poll. Within one process only: a dispatcher in another process finds them by polling.
 */
export interface OutboxSignal {
  notify(): void
  subscribe(listener: () => void): () => void
}

export function createOutboxSignal(): OutboxSignal {
  const listeners = new Set<() => void>()
  return {
    notify() {
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
